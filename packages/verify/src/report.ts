/**
 * The verifier's report: one verdict per check, each in Chinese and English, and its plain-text
 * rendering for the CLI. A package is valid only when no check failed (warnings and skipped checks
 * are explained, never counted as passes of something that was not checked).
 */
import type { Text } from './text.ts';

/** The checks, in the order they are reported. */
export const CHECK_IDS = ['package', 'manifest', 'file', 'entry', 'inclusion', 'checkpoint', 'timestamp', 'certificate', 'anchor', 'wacz'] as const;
export type CheckId = (typeof CHECK_IDS)[number];

/** pass: verified; fail: verified and wrong (or unusable); warn: could not be fully verified, see notes; skip: not applicable. */
export type Status = 'pass' | 'fail' | 'warn' | 'skip';

/** One check's verdict. */
export interface Check {
  id: CheckId;
  status: Status;
  title: Text;
  /** Findings (values computed, reasons of failure). */
  lines: Text[];
  /** What the reader must still compare by hand (published keys, explorer URL …). */
  notes: Text[];
}

/** The whole verdict. */
export interface Report {
  /** True when no check failed. */
  ok: boolean;
  checks: Check[];
  /** Facts read from the package (empty strings when unreadable). */
  facts: { baoquan: string; evidence: string; sha256: string; chainhash: string; time: number | null; genTime: string };
}

/** Titles of the checks. */
export const TITLES: Record<CheckId, Text> = {
  package: { zh: '证据包结构', en: 'Package structure' },
  manifest: { zh: '成员清单 manifest.json', en: 'Member list manifest.json' },
  file: { zh: '证据文件哈希', en: 'Evidence file hash' },
  entry: { zh: '账本条目 entry.json', en: 'Ledger entry entry.json' },
  inclusion: { zh: '默克尔包含证明', en: 'Merkle inclusion proof' },
  checkpoint: { zh: '账本检查点签名', en: 'Checkpoint signature' },
  timestamp: { zh: 'RFC 3161 可信时间戳', en: 'RFC 3161 timestamp' },
  certificate: { zh: '保全证书 PDF 数字签名', en: 'Certificate PDF signature' },
  anchor: { zh: '区块链锚定', en: 'Blockchain anchor' },
  wacz: { zh: '网页取证数据包 WACZ', en: 'Web archive (WACZ)' },
};

const LABEL: Record<Status, string> = {
  pass: '通过 PASS',
  fail: '失败 FAIL',
  warn: '注意 WARN',
  skip: '跳过 SKIP',
};

/** Renders the report as plain text, Chinese line then English line for each message. */
export function formatReport(r: Report, source: string): string {
  const out: string[] = [];
  out.push('cunzheng-verify — 证据包离线核验 / offline evidence package verification');
  out.push(`证据包 / package: ${source}`);
  out.push('');
  r.checks.forEach((c, i) => {
    out.push(`[${LABEL[c.status]}] ${i + 1}. ${c.title.zh} / ${c.title.en}`);
    for (const l of c.lines) out.push(...both(l, '    '));
    for (const n of c.notes) out.push(...both(n, '    ! '));
    out.push('');
  });
  const failed = r.checks.filter((c) => c.status === 'fail');
  const warned = r.checks.filter((c) => c.status === 'warn');
  if (r.ok) {
    out.push(warned.length ? '结论：全部核验通过（有需要人工核对的提示，见上方“!”）' : '结论：全部核验通过');
    out.push(warned.length ? 'Verdict: ALL CHECKS PASSED (with notes to compare by hand, marked "!")' : 'Verdict: ALL CHECKS PASSED');
  } else {
    out.push(`结论：核验未通过（${failed.map((c) => c.title.zh).join('、')}）`);
    out.push(`Verdict: VERIFICATION FAILED (${failed.map((c) => c.title.en).join(', ')})`);
  }
  return `${out.join('\n')}\n`;
}

function both(l: Text, indent: string): string[] {
  return l.zh === l.en ? [`${indent}${l.zh}`] : [`${indent}${l.zh}`, `${indent}${l.en}`];
}
