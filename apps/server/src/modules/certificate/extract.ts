/**
 * Extraction of an evidence file with the owner's extraction code (spec p1 §6, §7; p2 §2 dialog 证据提取;
 * p2 §3 "Extraction code payload: code, baoquan"; issue 9 §3).
 *
 * Wrong extraction codes (`EXTRACT_LIMITS`): one code opens all of an owner's evidence, so the budget is per
 * owner, not per certificate, and nobody is locked out by someone else's guesses. Failures are counted per
 * (owner, client) and per owner; past 5 for the pair, or 20 for the owner from everyone, in an hour, the call
 * needs an image captcha and answers slow down (platform/failureGate.ts) — the holder of the right code still
 * gets the file by solving it. A client with 30 wrong codes in an hour (any owner) is refused
 * (操作过于频繁) for the rest of the hour: that is its own budget, nobody else's.
 */
import crypto from 'node:crypto';
import { MSG } from '@cunzheng/contract/messages';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest, tooMany } from '../../platform/errors.ts';
import { failureGate, type GateCaptcha, type GateRule } from '../../platform/failureGate.ts';
import type { EvidenceRow } from '../evidence/types.ts';
import { newsText, notify } from '../notifications/notify.ts';
import type { CertificateDeps } from './service.ts';

/** Extraction-code failure limits (see the file comment). */
export const EXTRACT_LIMITS = {
  /** Wrong codes for one owner from one client before the captcha is required. */
  perOwnerClient: { threshold: 5, windowSeconds: 3600 },
  /** Wrong codes for one owner from everyone before the captcha is required of everyone. */
  perOwner: { threshold: 20, windowSeconds: 3600 },
  /** Wrong codes from one client (any owner) before that client is refused. */
  perClient: { max: 30, windowSeconds: 3600 },
} as const;

/** Constant-time comparison of two short strings. */
const sameCode = (a: string, b: string) =>
  crypto.timingSafeEqual(crypto.createHash('sha256').update(a).digest(), crypto.createHash('sha256').update(b).digest());

/** Builds the extraction use case; `find` gives the evidence by number or throws 400 保全号不存在. */
export function extraction(
  deps: Pick<CertificateDeps, 'db' | 'blobs' | 'report' | 'downloads' | 'limiter' | 'checkCaptcha' | 'extractCodeOf'>,
  find: (no: string) => Promise<EvidenceRow>,
) {
  const gate = failureGate({ limiter: deps.limiter, checkCaptcha: deps.checkCaptcha ?? (async () => false) });

  /**
   * POST /api/share/downBaoquan (spec p1 §6, §7; p2 §3 "Extraction code payload: code, baoquan"):
   * `{downUrl}` of the evidence file when `code` equals the owner's extraction code.
   * Errors (code 400): 保全号不存在; 证据缺失不可下载 (deleted by the owner or bytes missing);
   * 证据提取码错误; 请输入图形验证码 / 图形验证码不正确 with data `{needCaptcha: 1}` after repeated wrong codes
   * for the owner (`captcha` = the retry's captchaId and imgCode); 操作过于频繁，请稍后再试 (the client's own budget).
   */
  return async function extract(baoquan: string, code: string, ip: string, captcha: GateCaptcha = {}): Promise<{ downUrl: string }> {
    const clientKey = `extractfail:ip:${ip}`;
    if ((await deps.limiter.count(clientKey, EXTRACT_LIMITS.perClient.windowSeconds)) >= EXTRACT_LIMITS.perClient.max) throw tooMany();
    const row = await find(baoquan);
    if (row.deletedAt) throw badRequest(MSG.EVIDENCE_MISSING);
    if (!(await deps.blobs.has(row.sha256))) {
      await deps.report?.({ kind: 'blob_missing', target: `evidence:${row.baoquan}`, detail: `blob ${row.sha256} is missing` });
      throw badRequest(MSG.EVIDENCE_MISSING);
    }
    const pair: GateRule = { key: `extractfail:o:${row.userId}:ip:${ip}`, ...EXTRACT_LIMITS.perOwnerClient };
    const rules: GateRule[] = [pair, { key: `extractfail:o:${row.userId}`, ...EXTRACT_LIMITS.perOwner }];
    await gate.enter(rules, captcha);
    const want = await deps.extractCodeOf(row.userId);
    if (!want || !sameCode(code.trim(), want)) {
      await gate.fail([...rules, { key: clientKey, threshold: EXTRACT_LIMITS.perClient.max, windowSeconds: EXTRACT_LIMITS.perClient.windowSeconds }]);
      throw badRequest(MSG.EXTRACT_CODE_WRONG);
    }
    await deps.limiter.reset(pair.key, pair.windowSeconds);
    await deps.db.transaction(async (tx) => {
      await writeAudit(tx, { actorId: null, action: 'evidence.extract', target: `evidence:${row.id}`, ip, after: { baoquan: row.baoquan } });
      await notify(tx, row.userId, newsText.extract(row.title, row.baoquan), 'extract');
    });
    return { downUrl: deps.downloads.url({ sha256: row.sha256, name: row.fileName, mime: row.mime, evidenceId: row.id }) };
  };
}
