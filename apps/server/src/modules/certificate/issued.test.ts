/**
 * One certificate per number (issue 10 §1) on the real app: the certificate PDF is issued once and every
 * later download gives the same bytes — after other deposits, newer checkpoints and a restart — and it
 * carries the exact ledger entry as an embedded associated file and the facts in XMP, checked with
 * poppler's own tools (pdfsig, pdfdetach, pdfinfo -meta, pdftoppm). The page shows the checkpoint at
 * issue and, apart and labelled, the latest one.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../app.ts';
import { client, registerUser } from '../../../test/client.ts';
import { makeHarness, type Harness } from '../../../test/harness.ts';

const SHOTS = '/tmp/cz/shots-trust';

/** The PDF bytes of a certificate, downloaded as a visitor would. */
async function download(h: Pick<Harness, 'app'>, baoquan: string, lang: 'zh' | 'en' = 'zh'): Promise<Buffer> {
  const anon = client(h as Harness);
  const r = await anon.post('/api/check/downCertificate', { no: baoquan, lang });
  expect(r, r.msg).toMatchObject({ code: 200 });
  const dl = await anon.download(r.data.downUrl);
  expect(dl.status).toBe(200);
  return dl.body;
}

const tool = (cmd: string, args: string[], cwd: string) => {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8' });
  return { status: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
};

describe('one certificate per number', () => {
  let h: Harness;
  let dir: string;
  let restarted: BuiltApp | null = null;
  beforeAll(async () => {
    h = await makeHarness();
    dir = fs.mkdtempSync(path.join(h.dataDir, 'issued-'));
    fs.mkdirSync(SHOTS, { recursive: true });
  });
  afterAll(async () => {
    await restarted?.app.close();
    await h?.close();
  });

  it('same bytes on every download, after more deposits, newer checkpoints and a restart; the page labels the latest checkpoint apart', async () => {
    const u = await registerUser(h, { name: '赵六' });
    const first = await u.api.upload('合同.txt', Buffer.from('甲方乙方合同正文\n'.repeat(20)), { title: '买卖合同' });
    expect(first, first.msg).toMatchObject({ code: 200 });
    const bq = first.data.baoquan as string;
    const a = await download(h, bq);
    const aEn = await download(h, bq, 'en');
    const view1 = await client(h).get('/api/share/getView', { baoquan: bq });
    const issuedSize = view1.data.treeSize as number;

    for (let i = 0; i < 3; i++) {
      const more = await u.api.upload(`其他${i}.txt`, Buffer.from(`other deposit ${i}`), {});
      expect(more.code).toBe(200);
      await h.services.ledger.checkpointNow();
    }
    expect((await h.services.ledger.latestCheckpoint())!.size).toBeGreaterThan(issuedSize);
    expect((await download(h, bq)).equals(a)).toBe(true);

    // A restart: a new app (fresh in-process state) on the same database and DATA_DIR.
    await h.app.close();
    restarted = await buildApp(h.config, h.database, { logger: false });
    await restarted.app.ready();
    Object.assign(h, { app: restarted.app, services: restarted.services });
    const b = await download(h, bq);
    const bEn = await download(h, bq, 'en');
    expect(b.equals(a)).toBe(true);
    expect(bEn.equals(aEn)).toBe(true);

    const view2 = await client(h).get('/api/share/getView', { baoquan: bq });
    expect(view2.data.treeSize).toBe(issuedSize);
    const html = view2.data.html as string;
    expect(html).toContain('签发时检查点');
    expect(html).toContain('当前状态（查询时，非证书内容）');
    expect(html).toMatch(new RegExp(`最新检查点：${(await h.services.ledger.latestCheckpoint())!.size} 条`));
    expect(html).toContain('账本存证哈希');
    expect(html).not.toContain('区块交易哈希');
    expect(view2.data.htmlEn).toContain('Checkpoint at Issue');

    // The PDF text states the checkpoint at issue, not the latest one, and prints the root fingerprint.
    fs.writeFileSync(path.join(dir, 'a.pdf'), a);
    const text = execFileSync('pdftotext', ['-layout', path.join(dir, 'a.pdf'), '-']).toString().replace(/\s+/g, '');
    expect(text).toContain(`${issuedSize}（签发时首个覆盖本条目的签名检查点所含条目数）`);
    expect(text).not.toContain('最新检查点');
    const fp = await h.services.trust.rootFingerprint();
    expect(text).toContain(fp.replace(/\s+/g, ''));
    expect(text).toContain(h.services.ledger.verifierKey());
  });

  it('the PDF embeds the exact ledger entry (associated file) and XMP facts; pdfsig still valid; renders', async () => {
    const u = await registerUser(h, { name: '钱七' });
    const up = await u.api.upload('照片说明.txt', Buffer.from('现场照片说明'), { title: '现场说明' });
    const bq = up.data.baoquan as string;
    const pdf = await download(h, bq);
    const file = path.join(dir, 'cert.pdf');
    fs.writeFileSync(file, pdf);
    expect(tool('pdfsig', [file], dir).out).toContain('Signature Validation: Signature is Valid.');
    expect(tool('pdfsig', [file], dir).out).toContain('Total document signed');

    const proof = await client(h).get('/api/ledger/proof', { baoquan: bq });
    const leaf = Buffer.from(proof.data.leaf as string, 'base64');
    const list = tool('pdfdetach', ['-list', file], dir).out;
    expect(list).toContain('1 embedded files');
    expect(list).toContain('entry.json');
    expect(tool('pdfdetach', ['-save', '1', '-o', path.join(dir, 'entry-from-pdf.json'), file], dir).status).toBe(0);
    expect(fs.readFileSync(path.join(dir, 'entry-from-pdf.json')).equals(leaf)).toBe(true);

    const meta = execFileSync('pdfinfo', ['-meta', file]).toString();
    expect(meta).toContain(`<cz:baoquan>${bq}</cz:baoquan>`);
    expect(meta).toContain(`<cz:sha256>${up.data.sha256}</cz:sha256>`);
    expect(meta).toContain(`<cz:chainhash>${up.data.chainhash}</cz:chainhash>`);
    expect(meta).toContain(`<cz:sm3>${JSON.parse(leaf.toString('utf8')).sm3}</cz:sm3>`);
    expect(pdf.toString('latin1')).toMatch(/\/AFRelationship\s*\/Source/);

    execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, `${SHOTS}/issued-zh`]);
    expect(fs.statSync(`${SHOTS}/issued-zh.png`).size).toBeGreaterThan(10_000);
  });

  it('concurrent first downloads issue one certificate', async () => {
    const u = await registerUser(h, { name: '孙八' });
    const up = await u.api.upload('并发.txt', Buffer.from('concurrent issue'), {});
    const bq = up.data.baoquan as string;
    const [x, y, z] = await Promise.all([download(h, bq), download(h, bq), download(h, bq)]);
    expect(x.equals(y) && y.equals(z)).toBe(true);
    const rows = await h.database.query<{ n: number }>("select count(*)::int as n from issued_certificates i join evidence e on e.id = i.evidence_id where e.baoquan = $1 and i.lang = 'zh'", [bq]);
    expect(rows[0]!.n).toBe(1);
  });
});
