/**
 * Web captures (网页取证, kind `web`; issue 4 §2–3, spec p2 §7 "Web evidence") as a {@link KindApi}: POST
 * /api/webforlist/webList, saveLabel, webDel, webDownload (ids are CAPTURE ids), GET /down/downloadBatch
 * (one zip, at most WEB_BATCH_MAX), GET /api/share/getWebView, POST /api/share/webDownload. There is no
 * label-list call: the list collects the labels of the rows it loaded.
 *
 * Only types come from @cunzheng/contract/forensics here: its zod schemas must not ride along into the
 * public certificate page, which imports this module for `view` and `extract` (issue 2 §8 size aim).
 */

import { delWeb, downloadWebBatch, getWebList, getWebView, saveWebLabel, webDownload, webShareDownload, type WebItem, type WebListQuery, type WebView } from '../forensics';
import type { KindApi, KindListQuery, ListPurpose } from './types';

/** Capture status "done" (WEB_CAPTURE_STATUS.done): the only downloadable one. */
const DONE = 2;
/** At most this many captures in one batch zip (WEB_BATCH_MAX, checked against it in web.test.ts). */
export const WEB_BATCH_LIMIT = 100;

/**
 * The webList query of a shared filter: the kind select carries the status (−1 all statuses, left out);
 * the download page lists done captures whatever the filter says.
 */
export function webListQuery(q: KindListQuery, purpose: ListPurpose): WebListQuery {
  const status = purpose === 'download' ? DONE : q.type;
  return { page: q.page, limit: q.limit, keyword: q.keyword, label: q.label, startTime: q.startTime, endTime: q.endTime, status: status >= 0 ? status : undefined };
}

export const webApi: KindApi<WebItem, WebView> = {
  keys: { list: 'webforlist/webList', view: 'share/getWebView' },
  list: (q, purpose) => getWebList(webListQuery(q, purpose)),
  saveLabel: (id, label) => saveWebLabel(id, label),
  remove: (id) => delWeb(id),
  download: (id) => webDownload(id),
  batch: { zip: downloadWebBatch, max: WEB_BATCH_LIMIT },
  view: getWebView,
  extract: webShareDownload,
};
