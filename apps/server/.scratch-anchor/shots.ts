import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startDevChain } from '../test/devChain.ts';

const SERVER = path.resolve(import.meta.dirname, '..');
const chain = await startDevChain();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-shots-'));
const port = 18000 + Math.floor(Math.random() * 1000);
const url = `http://127.0.0.1:${port}`;
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST: '/tmp/cz-web-anchor', LOG_LEVEL: 'warn', RATE_LIMIT_OFF: '1', PUBLIC_URL: url,
  ANCHOR_RPC_URL: chain.url, ANCHOR_PRIVATE_KEY: chain.keys[1]!, ANCHOR_EXPLORER_TX_URL: 'https://explorer.example.com/tx/{tx}', ANCHOR_CHAIN_NAME: 'Hardhat 本地开发链',
  ANCHOR_INTERVAL_SECONDS: '1', AUDIT_INTERVAL_SECONDS: '1', AUDIT_BLOBS_PER_RUN: '50', INIT_CWD: SERVER };
const server = spawn(process.execPath, ['src/main.ts'], { cwd: SERVER, env, stdio: ['ignore', 'inherit', 'inherit'] });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
try {
  for (let i = 0; i < 600; i++) { try { if ((await fetch(`${url}/api/health`)).ok) break; } catch {} await sleep(200); }
  const cli = (args: string[]) => spawnSync(process.execPath, ['src/cli.ts', ...args], { cwd: SERVER, env, encoding: 'utf8' });
  console.log(cli(['user:create', '--mobile', '13800000011', '--password', 'abc12345', '--name', '张三丰', '--verified']).stderr);
  cli(['user:create', '--mobile', '13800000012', '--password', 'abc12345', '--name', '运维', '--role', 'operator']);
  const login = async (m: string) => (await (await fetch(`${url}/api/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `mobile=${m}&password=abc12345` })).json()).data;
  const u = await login('13800000011');
  const op = await login('13800000012');
  const get = async (p: string, tok?: string) => (await (await fetch(url + p, { headers: tok ? { authorization: `Bearer ${tok}` } : {} })).json());
  const upload = async (name: string, text: string) => {
    const fd = new FormData();
    fd.append('title', name.replace('.txt', ''));
    fd.append('file', new Blob([new TextEncoder().encode(text)]), name);
    const r = await (await fetch(`${url}/api/data/upload`, { method: 'POST', headers: { authorization: `Bearer ${u.token}` }, body: fd })).json();
    if (r.code !== 200) throw new Error(JSON.stringify(r));
    return r.data;
  };
  const ups = [];
  for (let i = 0; i < 4; i++) { ups.push(await upload(`合同${i}.txt`, `第${i}份合同正文\n`.repeat(50))); await sleep(400); }
  for (let i = 0; i < 120; i++) { if ((await get('/api/ledger/anchor?index=0')).data.anchor) break; await sleep(1000); }
  console.log('anchor 1', JSON.stringify((await get('/api/ledger/anchor?index=0')).data.anchor?.txHash));
  for (let i = 4; i < 7; i++) { ups.push(await upload(`合同${i}.txt`, `第${i}份合同正文\n`.repeat(50))); await sleep(1500); }
  for (let i = 0; i < 120; i++) { if ((await get('/api/ledger/anchor?index=6')).data.anchor) break; await sleep(1000); }
  const a4 = (await get('/api/ledger/anchor?index=4')).data.anchor;
  console.log('anchor for 4', a4?.size, a4?.entryCheckpoint.size, a4?.consistency.length);
  const sha = ups[2].sha256 as string;
  const blob = path.join(dataDir, 'blobs', sha.slice(0, 2), sha.slice(2, 4), sha);
  fs.chmodSync(blob, 0o600); fs.appendFileSync(blob, 'tampered');
  for (let i = 0; i < 200; i++) { if ((await get('/api/admin/audit', op.token)).data.openAlerts > 0) break; await sleep(1000); }
  console.log('alerts', (await get('/api/admin/audit', op.token)).data.openAlerts);

  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
  for (const [w, h] of [[1366, 900], [375, 800]] as const) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h } });
    const page = await ctx.newPage();
    await page.goto(`${url}/ledger/${ups[4].chainhash}`);
    await page.getByTestId('anchor-verdict').getByText('✓ 本条目已锚定').waitFor({ timeout: 30000 });
    await page.screenshot({ path: `/tmp/shots/anchor/explorer-${w}.png`, fullPage: true });
    await page.goto(`${url}/attestation/${ups[0].baoquan}`);
    await page.getByText('外部锚定：').first().waitFor({ timeout: 30000 });
    await page.screenshot({ path: `/tmp/shots/anchor/attestation-${w}.png`, fullPage: true });
    await page.evaluate(([t, info]) => { localStorage.setItem('token', t); localStorage.setItem('role', '1'); localStorage.setItem('userInfo', info); }, [op.token, JSON.stringify(op.userInfo)] as const);
    await page.goto(`${url}/admin/ledger-audit`);
    await page.getByText('未处理告警').waitFor({ timeout: 30000 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `/tmp/shots/anchor/admin-ledger-audit-${w}.png`, fullPage: true });
    await ctx.close();
  }
  await browser.close();
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  await chain.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
