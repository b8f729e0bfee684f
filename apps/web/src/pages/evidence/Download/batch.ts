/**
 * Batch download for any kind (spec p1 §2, §4, §5, §9; issue 4 §2): nothing selected → 请选择需要下载的证据;
 * more than the kind's limit → 批量下载数量超出限制; then the kind's batch call: `urls` (one signed URL
 * per file, each opened in a hidden frame removed after 300 000 ms) or `zip` (one signed archive URL).
 * An empty answer → 无下载文件; the server's own refusals were toasted by the request wrapper.
 */
import { MSG } from '@cunzheng/contract/messages';
import type { KindApi } from '../../../api/kinds/types';
import { openHiddenFrames, startDownload } from '../../../components/evidence/download';

/** Outcome of a batch attempt, for the page to show: `count` files (urls) or selected rows (zip). */
export type BatchOutcome = { ok: true; count: number } | { ok: false; warning: string } | { ok: false; failed: true };

/** Runs the kind's `use` batch call on `ids`; never throws. */
export async function runBatch(batch: KindApi['batch'], use: 'urls' | 'zip', ids: readonly number[]): Promise<BatchOutcome> {
  if (ids.length === 0) return { ok: false, warning: MSG.SELECT_EVIDENCE_TO_DOWNLOAD };
  if (batch.max !== undefined && ids.length > batch.max) return { ok: false, warning: MSG.BATCH_TOO_MANY };
  try {
    if (use === 'urls' && batch.urls) {
      const urls = await batch.urls(ids);
      const usable = (Array.isArray(urls) ? urls : []).filter((u) => typeof u === 'string' && u !== '');
      if (usable.length === 0) return { ok: false, warning: MSG.NO_DOWNLOAD_FILE };
      openHiddenFrames(usable);
      return { ok: true, count: usable.length };
    }
    if (use === 'zip' && batch.zip) {
      const { downUrl } = await batch.zip(ids);
      if (!downUrl) return { ok: false, warning: MSG.NO_DOWNLOAD_FILE };
      startDownload(downUrl);
      return { ok: true, count: ids.length };
    }
  } catch {
    return { ok: false, failed: true };
  }
  return { ok: false, failed: true };
}
