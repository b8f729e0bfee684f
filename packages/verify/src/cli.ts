#!/usr/bin/env node
/**
 * CLI: `cunzheng-verify <package.zip | unzipped folder> [--key <verifier key or file>] [--tsa-root <pem>]... [--witness <key>]... [--quorum <n>] [--json]`
 * (issue 3 §4). Verifies an evidence package offline and prints one verdict per check in Chinese and
 * English. Exit status: 0 every check passed (notes may ask to compare values by hand), 1 a check
 * failed (including an unreadable, truncated or altered package), 2 usage error or unreadable path.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import nodePath from 'node:path';
import { fingerprint, parseCertificate, readPem } from './x509.ts';
import { formatReport } from './report.ts';
import { verifyMembers, verifyPackage } from './package.ts';
import { VerifyError } from './text.ts';
import type { ByteSource } from './zip.ts';

const USAGE = `用法 / usage: cunzheng-verify <证据包.zip 或解压后的文件夹 | package.zip or unzipped folder> [--key <公钥或文件 | key or file>] [--tsa-root <根证书.pem | root.pem>] [--witness <见证人公钥 | witness key>]... [--quorum <n>] [--json]
  --key       平台公布的账本验证公钥（/api/ledger/key 的内容，或保存它的文件）；给出时必须与 verifier-key.txt 一致
              the log verifier key as published at /api/ledger/key (text or a file holding it); verifier-key.txt must equal it
  --tsa-root  信任的时间戳根证书（PEM，可重复）；给出时 TSA 根证书必须是其中之一
              a trusted TSA root certificate (PEM, repeatable); the package's TSA root must be one of them
  --witness   信任的见证人公钥（cosignature/v1，可重复，或保存它的文件）；给出时检查点须有足够见证人联署
              a trusted witness key (cosignature/v1; repeat, or a file holding it): the checkpoint must be cosigned
  --quorum    至少需要的见证人联署数（默认：全部 --witness）/ cosignatures needed (default: every --witness)
  --json      以 JSON 输出报告 / print the report as JSON
`;

function usage(msg: string): never {
  process.stderr.write(`${msg}\n\n${USAGE}`);
  process.exit(2);
}

/** A ByteSource over an open file (positional reads; the file is never read whole). */
function fileSource(fd: number, size: number): ByteSource {
  return {
    size,
    async read(offset, length) {
      const buf = Buffer.alloc(length);
      let got = 0;
      while (got < length) {
        const n = fs.readSync(fd, buf, got, length - got, offset + got);
        if (n === 0) break;
        got += n;
      }
      return buf.subarray(0, got);
    },
  };
}

async function main(argv: string[]): Promise<number> {
  let path: string | undefined;
  let key: string | undefined;
  const roots: string[] = [];
  let json = false;
  const witnessKeys: string[] = [];
  let quorum: number | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--key') key = argv[++i] ?? usage('缺少 --key 的值 / --key needs a value');
    else if (a === '--tsa-root') roots.push(argv[++i] ?? usage('缺少 --tsa-root 的值 / --tsa-root needs a value'));
    else if (a === '--json') json = true;
    else if (a === '--witness') witnessKeys.push(argv[++i] ?? usage('缺少 --witness 的值 / --witness needs a value'));
    else if (a === '--quorum') {
      quorum = Number(argv[++i]);
      if (!Number.isInteger(quorum) || quorum < 1) usage('--quorum 应为正整数 / --quorum must be a positive integer');
    }
    else if (a === '-h' || a === '--help') {
      process.stdout.write(USAGE);
      return 0;
    } else if (a.startsWith('-')) usage(`未知选项 / unknown option: ${a}`);
    else if (path) usage('只能核验一个证据包 / one package at a time');
    else path = a;
  }
  if (!path) usage('请给出证据包路径 / give the package path');
  if (key !== undefined && fs.existsSync(key) && fs.statSync(key).isFile()) key = fs.readFileSync(key, 'utf8');
  let trusted: string[] | undefined;
  if (roots.length) {
    trusted = [];
    for (const r of roots) {
      try {
        for (const der of readPem(fs.readFileSync(r, 'utf8'))) trusted.push(await fingerprint(parseCertificate(der)));
      } catch (e) {
        usage(`无法读取根证书 / cannot read root certificate ${r}: ${(e as Error).message}`);
      }
    }
  }
  const options = {
    hash: () => {
      const h = crypto.createHash('sha256');
      return { update: (c: Uint8Array) => void h.update(c), digest: () => new Uint8Array(h.digest()) };
    },
    sm3: () => {
      const h = crypto.createHash('sm3');
      return { update: (c: Uint8Array) => void h.update(c), digest: () => new Uint8Array(h.digest()) };
    },
    trustedKey: key,
    trustedTsaRoots: trusted,
    ...(witnessKeys.length ? { witnesses: { keys: witnessKeys.map((k) => (fs.existsSync(k) && fs.statSync(k).isFile() ? fs.readFileSync(k, 'utf8').trim() : k)), quorum: quorum ?? witnessKeys.length } } : {}),
  };
  if (fs.existsSync(path) && fs.statSync(path).isDirectory()) {
    // An unzipped package (`node verify.mjs .`): the members listed in manifest.json (files the reader
    // created while following VERIFY.md are not members and are left out).
    const dir = path;
    let names: string[];
    try {
      const m = JSON.parse(fs.readFileSync(nodePath.join(dir, 'manifest.json'), 'utf8')) as { members?: Array<{ name?: unknown }> };
      names = ['manifest.json', ...(m.members ?? []).map((x) => String(x.name))];
    } catch {
      names = fs.readdirSync(dir).filter((n) => fs.statSync(nodePath.join(dir, n)).isFile());
    }
    const list = names.filter((n) => !n.includes('/') && !n.includes('\\') && n !== '..' && fs.existsSync(nodePath.join(dir, n))).map((n) => ({ name: n, size: fs.statSync(nodePath.join(dir, n)).size }));
    const report = await verifyMembers({
      list,
      async read(name, cap) {
        const file = nodePath.join(dir, name);
        if (fs.statSync(file).size > cap) throw new VerifyError('zip', { zh: `${name} 过大`, en: `${name} is too large` });
        return new Uint8Array(fs.readFileSync(file));
      },
      async *chunks(name) {
        for await (const c of fs.createReadStream(nodePath.join(dir, name), { highWaterMark: 1 << 20 })) yield new Uint8Array(c as Buffer);
      },
    }, options);
    process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report, path));
    return report.ok ? 0 : 1;
  }
  let fd: number;
  let size: number;
  try {
    fd = fs.openSync(path, 'r');
    const st = fs.fstatSync(fd);
    if (!st.isFile()) usage(`不是文件 / not a file: ${path}`);
    size = st.size;
  } catch (e) {
    process.stderr.write(`无法打开证据包 / cannot open the package: ${path} (${(e as NodeJS.ErrnoException).code ?? 'error'})\n`);
    return 2;
  }
  try {
    const report = await verifyPackage(fileSource(fd, size), options);
    process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report, path));
    return report.ok ? 0 : 1;
  } finally {
    fs.closeSync(fd);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // Only a bug of the verifier ends here; say so plainly and fail.
    process.stderr.write(`核验程序内部错误 / internal verifier error: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
  },
);
