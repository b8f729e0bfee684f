/**
 * The web-capture list query of the shared filter (issue 4 §2 webList): date range → startTime/endTime in
 * Unix seconds (end = chosen day + 86399, spec p1 §9), "all statuses" left out, the download page's
 * fixed status; the batch limit and done status written here agree with the contract's.
 */
import { describe, expect, it } from 'vitest';
import { WEB_BATCH_MAX, WEB_CAPTURE_STATUS } from '@cunzheng/contract/forensics';
import { EMPTY_WEB_FILTER } from '../../pages/evidence/kinds/web/filters';
import { kindListQuery } from '../../pages/evidence/useKindList';
import { WEB_BATCH_LIMIT, webApi, webListQuery } from './web';

describe('webListQuery', () => {
  it('leaves out an empty filter and "all statuses"', () => {
    expect(webListQuery(kindListQuery(EMPTY_WEB_FILTER, 1, 20), 'list')).toEqual({ page: 1, limit: 20, keyword: '', label: '', status: undefined });
  });

  it('maps the chosen days to 00:00 and 23:59:59 China Standard Time (issue 8 §3)', () => {
    const start = new Date(2026, 10, 1, 15, 30);
    const end = new Date(2026, 10, 3, 8, 0);
    const f = { ...EMPTY_WEB_FILTER, range: [{ toDate: () => end }, { toDate: () => start }] as never, type: 3, label: '新闻', keyword: 'example' };
    const s = Date.UTC(2026, 10, 1) / 1000 - 8 * 3600;
    const e = Date.UTC(2026, 10, 3) / 1000 - 8 * 3600 + 86399;
    expect(webListQuery(kindListQuery(f, 2, 20), 'list')).toEqual({ page: 2, limit: 20, keyword: 'example', label: '新闻', startTime: s, endTime: e, status: 3 });
  });

  it('the download page lists done captures whatever the filter says', () => {
    expect(webListQuery(kindListQuery({ ...EMPTY_WEB_FILTER, type: 3 }, 1, 20), 'download').status).toBe(WEB_CAPTURE_STATUS.done);
  });

  it('batches at most the contract’s WEB_BATCH_MAX captures', () => {
    expect(WEB_BATCH_LIMIT).toBe(WEB_BATCH_MAX);
    expect(webApi.batch.max).toBe(WEB_BATCH_MAX);
  });
});
