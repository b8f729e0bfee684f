/**
 * The standalone build (vite.config.ts): one .mjs that runs with plain `node`, no TypeScript and no
 * node_modules, and refuses garbage with a clear bilingual message and exit 1.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const PKG = path.resolve(import.meta.dirname, '..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-bundle-'));

describe('standalone bundle', () => {
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('builds to one file that runs outside the repository', () => {
    execFileSync(path.join(PKG, '../../node_modules/.bin/vite'), ['build', '--outDir', path.join(dir, 'dist')], { cwd: PKG, stdio: 'pipe' });
    const bundle = path.join(dir, 'cunzheng-verify.mjs');
    fs.copyFileSync(path.join(dir, 'dist/cunzheng-verify.mjs'), bundle);
    const src = fs.readFileSync(bundle, 'utf8');
    expect(src).not.toMatch(/from ["'](?!node:)[^"']+["']/); // only node: imports remain
    const help = spawnSync(process.execPath, [bundle, '--help'], { cwd: dir, encoding: 'utf8' });
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('cunzheng-verify');
    fs.writeFileSync(path.join(dir, 'random.zip'), crypto.randomBytes(2000));
    const bad = spawnSync(process.execPath, [bundle, 'random.zip'], { cwd: dir, encoding: 'utf8' });
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('不是有效的证据包');
    expect(bad.stdout).toContain('Verdict: VERIFICATION FAILED');
    expect(spawnSync(process.execPath, [bundle, 'missing.zip'], { cwd: dir, encoding: 'utf8' }).status).toBe(2);
  });
});
