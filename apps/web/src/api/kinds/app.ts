/**
 * App captures (App取证, kind `app`; issue 12 §1, spec p1 §7) as a {@link KindApi}: their own list
 * (GET /api/data/getAppDataList with the getList filters) and the data calls for one evidence (saveLabel,
 * delData, downBaoquan, downloadBatch, downloadZip), the certificate GET /api/share/getView (isApp 1
 * shows 手机信息) and extraction by code POST /api/share/downBaoquan. No label-list call of its own: the
 * label suggestions come from the loaded rows.
 */
import { getAppDataList, type AppItem } from '../app';
import { extractEvidence, getView } from '../certificate';
import { delData, downBaoquan, downloadBatch, downloadZip, saveLabel } from '../data';
import { dataListQuery } from './data';
import type { KindApi } from './types';

export const appApi: KindApi<AppItem> = {
  keys: { list: 'data/getAppDataList', view: 'share/getView' },
  list: (q) => getAppDataList(dataListQuery(q)),
  saveLabel: (id, label) => saveLabel(id, label),
  remove: (id) => delData(id),
  download: (id) => downBaoquan(id),
  batch: { urls: downloadBatch, zip: downloadZip },
  view: getView,
  extract: extractEvidence,
};
