/**
 * Test helpers of the package tests (not part of the app): unzip a package with the verifier's reader,
 * re-zip members with archiver (as the server does), run the real CLI as a child process.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { ZipArchive } from 'archiver';
import { bytesSource, readEntry, readZip } from '@cunzheng/verify';

/** Repository root. */
export const ROOT = path.resolve(import.meta.dirname, '../../../../..');

/** Members of a zip in archive order with their bytes. */
export async function unzip(zip: Uint8Array): Promise<Array<{ name: string; data: Buffer; stored: boolean }>> {
  const src = bytesSource(zip);
  const out = [];
  for (const e of await readZip(src)) out.push({ name: e.name, data: Buffer.from(await readEntry(src, e, 1 << 30)), stored: e.method === 0 });
  return out;
}

/** A zip of `members` written by archiver (stored members stay stored). */
export async function rezip(members: Array<{ name: string; data: Buffer; stored: boolean }>): Promise<Buffer> {
  const zip = new ZipArchive({ zlib: { level: 6 } });
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((r) => sink.on('end', r));
  zip.pipe(sink);
  for (const m of members) zip.append(m.data, { name: m.name, store: m.stored });
  await zip.finalize();
  await done;
  return Buffer.concat(chunks);
}

/** The same members with byte `at` of member `name` XOR-ed with `mask`. */
export function flip(members: Array<{ name: string; data: Buffer; stored: boolean }>, name: string, at: number, mask = 0x01) {
  return members.map((m) => {
    if (m.name !== name) return m;
    const data = Buffer.from(m.data);
    data[at] = data[at]! ^ mask;
    return { ...m, data };
  });
}

/** Runs `npx cunzheng-verify <args>` from the repository root as a real process. */
export function runCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn('npx', ['--no-install', 'cunzheng-verify', ...args], { cwd: ROOT, env: { ...process.env, npm_config_loglevel: 'error' } });
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.on('error', reject);
    p.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
