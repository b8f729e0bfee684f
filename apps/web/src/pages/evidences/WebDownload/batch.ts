/**
 * Batch download of web evidence (spec p1 §4, §5, §9; issue 4 §2 GET /down/downloadBatch): nothing
 * selected → 请选择需要下载的证据; more than 100 → the batch limit message; otherwise one signed zip
 * URL of the WACZ packages, opened in a hidden frame removed after 300 000 ms. An empty answer →
 * 无下载文件; the server's own refusals were toasted by the request wrapper.
 */
import { WEB_BATCH_MAX } from '@cunzheng/contract/forensics';
import { MSG } from '@cunzheng/contract/messages';
import { downloadWebBatch } from '../../../api/forensics';
import { startDownload } from '../../../components/evidence/download';

/**
 * Runs the batch download of `ids`: the selection checks, then one zip URL opened in a hidden frame.
 * Never throws: `ok` when the download started, else the warning to show (none when the server refused).
 */
export async function runWebBatchDownload(ids: readonly number[]): Promise<{ ok: true } | { ok: false; warning?: string }> {
  if (ids.length === 0) return { ok: false, warning: MSG.SELECT_EVIDENCE_TO_DOWNLOAD };
  if (ids.length > WEB_BATCH_MAX) return { ok: false, warning: MSG.BATCH_TOO_MANY };
  try {
    const { downUrl } = await downloadWebBatch(ids);
    if (!downUrl) return { ok: false, warning: MSG.NO_DOWNLOAD_FILE };
    startDownload(downUrl);
    return { ok: true };
  } catch {
    return { ok: false };
  }
}
