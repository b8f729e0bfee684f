/**
 * DATA_DIR at rest (issue 9 §4): everything the server writes there — blobs, keys, the admin socket,
 * PGlite's own files — is owner-only (0700 directories, 0600 files). `process.umask(0o077)` is set
 * before anything is created (PGlite creates its files with the process umask), and the server refuses
 * to start on a DATA_DIR that other users can write to.
 */
import fs from 'node:fs';

/** Thrown when DATA_DIR is unsafe; the message says why and how to fix it. */
export class UnsafeDataDirError extends Error {}

/**
 * Sets the process umask to 0o077, creates `dir` (0700) when missing, and checks it: a directory
 * writable by group or others (mode & 0o022) is refused with UnsafeDataDirError; a group/world
 * readable one is tightened to 0700. Call first thing in main.ts and cli.ts.
 */
export function prepareDataDir(dir: string): void {
  process.umask(0o077);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = fs.statSync(dir);
  if (!st.isDirectory()) throw new UnsafeDataDirError(`DATA_DIR ${dir} 不是目录 / is not a directory`);
  const mode = st.mode & 0o777;
  if (mode & 0o022) {
    throw new UnsafeDataDirError(
      `DATA_DIR ${dir} 可被其他用户写入 (权限 ${mode.toString(8).padStart(3, '0')})，拒绝启动；请执行 chmod 700 ${dir} / ` +
        `DATA_DIR is group- or world-writable (mode ${mode.toString(8).padStart(3, '0')}); refusing to start. Fix with: chmod 700 ${dir}`,
    );
  }
  if (mode & 0o077 && typeof process.getuid === 'function' && st.uid === process.getuid()) fs.chmodSync(dir, 0o700);
}

/**
 * Removes group/other permission bits from everything under `dir` owned by this user (directories → 0700,
 * files → mode & 0o700). PGlite unpacks its initial cluster with explicit 0666 modes regardless of the
 * umask, so main.ts and cli.ts call this on `pgdata` once the database is open; files created later follow the umask.
 * Returns how many entries were changed. Symlinks are not followed.
 */
export function tightenDataDir(dir: string): number {
  const uid = typeof process.getuid === 'function' ? process.getuid() : -1;
  let changed = 0;
  const visit = (p: string) => {
    let st: fs.Stats;
    try {
      st = fs.lstatSync(p);
    } catch {
      return; // removed meanwhile
    }
    if (st.isSymbolicLink() || (uid >= 0 && st.uid !== uid)) return;
    const mode = st.mode & 0o7777;
    const want = st.isDirectory() ? 0o700 : mode & 0o700;
    if (mode !== want) {
      fs.chmodSync(p, want);
      changed++;
    }
    if (st.isDirectory()) for (const n of fs.readdirSync(p)) visit(`${p}/${n}`);
  };
  visit(dir);
  return changed;
}
