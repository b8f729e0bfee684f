/**
 * Process evidence (过程取证, kind `process`, session type 2) and mobile process evidence (手机过程取证,
 * kind `mobile`, type 4) as {@link KindApi}s (issue 11 §2; spec p2 §7 "Process evidence"): POST
 * /api/processlist/getProList (by type), getLabelList, saveLabel, delPro, downProBaoquan (one zip: WACZ +
 * MP4), downloadBatch (one zip, at most 100), GET /api/share/getProView, POST /api/share/downProBaoquan.
 * Ids are SESSION ids. Both kinds share the calls; the list call carries the type.
 *
 * Only types come from @cunzheng/contract/process here (the public certificate imports this module).
 */
import type { TProcessType } from '@cunzheng/contract/process';
import { delPro, downloadProBatch, downProBaoquan, getProLabelList, getProList, getProView, proShareDownload, saveProLabel, type ProItem, type ProListQuery, type ProView } from '../process';
import type { KindApi, KindListQuery, ListPurpose } from './types';

/** At most this many sessions in one batch zip (ZProDownloadBatchReq). */
export const PRO_BATCH_LIMIT = 100;
/** Saved statuses (PROCESS_SAVED_STATUSES): 3 done, 4 interrupted (saved up to that moment). */
const SAVED: readonly number[] = [3, 4];

/**
 * The getProList query of a shared filter: the kind select carries the status (−1 all, left out). The
 * download page lists every status (done and 中断 are both evidence, one status filter cannot ask for both;
 * the page's download rule leaves the others unselectable).
 */
export function proListQuery(type: TProcessType, q: KindListQuery, purpose: ListPurpose): ProListQuery {
  const status = purpose === 'download' ? -1 : q.type;
  return { type, page: q.page, limit: q.limit, keyword: q.keyword, label: q.label, startTime: q.startTime, endTime: q.endTime, status: status >= 0 ? status : undefined };
}

/** True for a session that is evidence (has a certificate, downloads, a label). */
export const isSaved = (row: Pick<ProItem, 'status'>): boolean => SAVED.includes(row.status);

function processKindApi(type: TProcessType): KindApi<ProItem, ProView> {
  return {
    keys: { list: `processlist/getProList/${type}`, view: 'share/getProView' },
    list: (q, purpose) => getProList(proListQuery(type, q, purpose)),
    labels: async () => (await getProLabelList(type)).map((l) => l.label),
    saveLabel: (id, label) => saveProLabel(id, label),
    remove: (id) => delPro(id),
    download: (id) => downProBaoquan(id),
    batch: { zip: downloadProBatch, max: PRO_BATCH_LIMIT },
    view: getProView,
    extract: proShareDownload,
  };
}

export const processApi = processKindApi(2);
export const mobileProcessApi = processKindApi(4);
