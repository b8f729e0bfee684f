/**
 * Data deposits (数据保全, kind `data`; spec p1 §7 "Data deposit", "Certificate check and sharing") as a
 * {@link KindApi}: GET /api/data/getList, getLabelList, saveLabel, delData, downBaoquan, downloadBatch
 * (one URL per file), downloadZip (one archive), GET /api/share/getView, POST /api/share/downBaoquan.
 */
import { extractEvidence, getView } from '../certificate';
import { delData, downBaoquan, downloadBatch, downloadZip, getDataList, getLabelList, saveLabel } from '../data';
import type { DataEvidence } from '../types';
import type { KindApi, KindListQuery } from './types';

/** The getList query of a shared filter (file type 0 = all is left out by getDataList). */
export const dataListQuery = (q: KindListQuery) => ({ page: q.page, limit: q.limit, type: q.type, label: q.label, keyword: q.keyword, startTime: q.startTime, endTime: q.endTime });

export const dataApi: KindApi<DataEvidence> = {
  keys: { list: 'data/getList', view: 'share/getView' },
  list: (q) => getDataList(dataListQuery(q)),
  labels: async () => (await getLabelList()).map((l) => l.label),
  saveLabel: (id, label) => saveLabel(id, label),
  remove: (id) => delData(id),
  download: (id) => downBaoquan(id),
  batch: { urls: downloadBatch, zip: downloadZip },
  view: getView,
  extract: extractEvidence,
};
