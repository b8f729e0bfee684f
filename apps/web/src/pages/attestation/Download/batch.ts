/**
 * Batch download of spec p1 §2, §4, §5 and §9: nothing selected → 请选择需要下载的证据; the server's
 * URL list (POST /api/data/downloadBatch) is opened in hidden frames removed after 300 000 ms; an
 * empty list → 无下载文件. The one-click zip (POST /api/data/downloadZip) downloads one archive.
 */
import { MSG } from '@cunzheng/contract/messages';
import { downloadBatch, downloadZip } from '../../../api/data';
import { openHiddenFrames, startDownload } from '../../../components/evidence/download';

/** Outcome of a batch attempt, for the page to show. */
export type BatchOutcome = { ok: true; count: number } | { ok: false; warning: string } | { ok: false; failed: true };

/** Runs the batch download of `ids`; never throws (server errors were toasted by the wrapper). */
export async function runBatchDownload(ids: readonly number[]): Promise<BatchOutcome> {
  if (ids.length === 0) return { ok: false, warning: MSG.SELECT_EVIDENCE_TO_DOWNLOAD };
  let urls: string[];
  try {
    urls = await downloadBatch(ids);
  } catch {
    return { ok: false, failed: true };
  }
  const usable = (Array.isArray(urls) ? urls : []).filter((u) => typeof u === 'string' && u !== '');
  if (usable.length === 0) return { ok: false, warning: MSG.NO_DOWNLOAD_FILE };
  openHiddenFrames(usable);
  return { ok: true, count: usable.length };
}

/** Runs the one-click zip of `ids`; never throws. */
export async function runZipDownload(ids: readonly number[]): Promise<BatchOutcome> {
  if (ids.length === 0) return { ok: false, warning: MSG.SELECT_EVIDENCE_TO_DOWNLOAD };
  try {
    const { downUrl } = await downloadZip(ids);
    if (!downUrl) return { ok: false, warning: MSG.NO_DOWNLOAD_FILE };
    startDownload(downUrl);
    return { ok: true, count: ids.length };
  } catch {
    return { ok: false, failed: true };
  }
}
