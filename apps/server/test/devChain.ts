/**
 * A local EVM development node for the anchoring tests and bench (issue 3 §3): Hardhat 3's `hardhat node`
 * (the EDR simulator, a prebuilt binary shipped inside the installed npm packages — nothing is downloaded)
 * started as a child process from a temp project holding only `hardhat.config.js` (`export default {}`) and a
 * `node_modules` link to the repository's (Hardhat refuses to run from a non-local installation).
 * Chain id 31337, automine (each transaction is mined in its own block at once), 20 funded dev accounts.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface DevChain {
  /** JSON-RPC URL on 127.0.0.1. */
  url: string;
  /** Private keys of the funded dev accounts printed by the node (0x hex). */
  keys: `0x${string}`[];
  stop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

/** Starts the node; resolves once it answers JSON-RPC. Throws with the node's output when it cannot start (60 s). */
export async function startDevChain(): Promise<DevChain> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-devchain-'));
  fs.writeFileSync(path.join(dir, 'hardhat.config.js'), 'export default {};\n');
  fs.writeFileSync(path.join(dir, 'package.json'), '{"type":"module","private":true}\n');
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const port = await freePort();
  const cli = path.join(ROOT, 'node_modules/hardhat/dist/src/cli.js');
  const proc: ChildProcess = spawn(process.execPath, [cli, 'node', '--hostname', '127.0.0.1', '--port', String(port)], {
    cwd: dir,
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', DO_NOT_TRACK: '1', CI: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (proc.exitCode === null && proc.signalCode === null) {
      proc.kill('SIGTERM');
      await new Promise((r) => proc.once('exit', r));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) {
      await stop();
      const hint = /Cannot find native binding/.test(out)
        ? '\nHardhat\'s EDR binary (@nomicfoundation/edr-linux-x64-gnu, engines node >= 22) is not installed: npm skips it when npm itself runs on Node < 22. Run `bash scripts/setup.sh` (it re-runs npm ci under the pinned Node 24).'
        : '';
      throw new Error(`hardhat node exited (${proc.exitCode}):${hint}\n${out.slice(-2000)}`);
    }
    try {
      const r = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' });
      if (r.ok && (out.match(/Private Key/g)?.length ?? 0) >= 5) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`hardhat node did not start within 60 s:\n${out.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const keys = [...out.matchAll(/Private Key:\s+(0x[0-9a-fA-F]{64})/g)].map((m) => m[1] as `0x${string}`);
  return { url, keys, stop };
}
