/**
 * Batch web capture (批量网页取证; issue 4 §2): `getData` checks a list of URLs (one per line, at most
 * 100) — format (spec p2 §5), duplicates, and the address guard after DNS resolution — and keeps the
 * checked batch for 1 hour; `pay` starts one capture per valid line. Charging in points comes with the
 * points work; until then `pay` is free and says so (批量取证暂不收费).
 */
import crypto from 'node:crypto';
import { WEB_BATCH_MAX, type TWebBatchDataRes, type TWebBatchItem, type TWebBatchPayRes } from '@cunzheng/contract/forensics';
import { ORDER_TYPE } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';
import { validateEvidenceUrl } from '@cunzheng/contract/validators';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { addressGuard, CaptureRefused } from '../../platform/capture/guard.ts';
import * as repo from './repo.ts';
import type { ForensicsService } from './service.ts';

/** A batch can be started within this time after getData. */
export const BATCH_TTL_MS = 60 * 60_000;
/** Longest wait for one host's DNS answer while checking; a slow answer counts as valid. */
const DNS_CHECK_MS = 3_000;

export interface BatchDeps {
  db: Db;
  forensics: Pick<ForensicsService, 'submit'>;
  allowHosts: Set<string>;
  /** Issue 13: 400 可用积分不足，请先充值 unless the balance pays `count` captures of `orderType` (each deposit is then charged). */
  canPay?: (userId: number, orderType: number, count: number) => Promise<void>;
}

/** Runs `f` over `items` with at most `n` at once, keeping the order of results. */
async function mapLimit<T, R>(items: T[], n: number, f: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await f(items[i]!);
      }
    }),
  );
  return out;
}

/** Builds the batch service. */
export function batchService(deps: BatchDeps) {
  /** Checks lines in order: format, duplicate, address. */
  const check = async (lines: string[]): Promise<TWebBatchItem[]> => {
    const guard = addressGuard(deps.allowHosts);
    const seen = new Set<string>();
    return mapLimit(lines, 10, async (url): Promise<TWebBatchItem> => {
      const v = validateEvidenceUrl(url);
      if (v !== true) return { url, valid: false, reason: v };
      const key = new URL(url).href;
      if (seen.has(key)) return { url, valid: false, reason: MSG.WEB_URL_DUPLICATE };
      seen.add(key);
      const timeout = new Promise<'slow'>((r) => setTimeout(() => r('slow'), DNS_CHECK_MS).unref());
      try {
        await Promise.race([guard.check(new URL(url).hostname), timeout]);
        return { url, valid: true, reason: '' };
      } catch (e) {
        return { url, valid: false, reason: e instanceof CaptureRefused ? e.message : MSG.WEB_DNS_FAILED };
      }
    });
  };

  return {
    /**
     * POST /api/webbatch/getData: `urls` text → `{batchId, items}`. 400 请输入网址 (no line),
     * 单次最多提交100个网址 (more than 100 lines).
     */
    async getData(userId: number, urls: string): Promise<TWebBatchDataRes> {
      const lines = urls.split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
      if (lines.length === 0) throw badRequest(MSG.WEB_URLS_REQUIRED);
      if (lines.length > WEB_BATCH_MAX) throw badRequest(MSG.WEB_BATCH_TOO_MANY);
      const items = (await check(lines)).map((it) => ({ ...it, url: it.url.slice(0, 2100) }));
      const batchId = crypto.randomUUID();
      await repo.insertBatch(deps.db, batchId, userId, items);
      return { batchId, items };
    },

    /**
     * POST /api/webbatch/pay: starts the batch → `{batchId, ids, free: false, msg}`; each valid URL is charged
     * its price when its evidence is deposited (issue 13). 400 批次不存在或已过期 / 该批次已提交 / 没有可取证的网址 /
     * 可用积分不足，请先充值 (the balance does not cover every valid URL; nothing started).
     */
    async pay(userId: number, batchId: string, ip: string | null, memberId: number | null = null): Promise<TWebBatchPayRes> {
      const found = await repo.findBatch(deps.db, userId, batchId, new Date(Date.now() - BATCH_TTL_MS));
      if (!found) throw badRequest(MSG.WEB_BATCH_NOT_FOUND);
      const valid = found.items.filter((i) => i.valid);
      if (valid.length === 0) throw badRequest(MSG.WEB_BATCH_NO_VALID);
      await deps.canPay?.(userId, ORDER_TYPE.batchWebPage, valid.length);
      if (found.batch.startedAt || !(await repo.startBatch(deps.db, batchId))) throw badRequest(MSG.WEB_BATCH_STARTED);
      await writeAudit(deps.db, { actorId: userId, action: 'web.batch', target: `web_batch:${batchId}`, after: { urls: valid.length, charged: 0 }, ip });
      const ids: number[] = [];
      for (const it of valid) {
        const { id } = await deps.forensics.submit(userId, { url: it.url, batchId, memberId }, ip);
        await repo.setBatchItemCapture(deps.db, batchId, it.position, id);
        ids.push(id);
      }
      return { batchId, ids, free: false, msg: MSG.WEB_BATCH_CHARGED };
    },
  };
}

export type BatchService = ReturnType<typeof batchService>;
