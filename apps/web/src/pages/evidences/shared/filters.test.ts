/**
 * The web-evidence list query (issue 4 §2 webList): date range → startTime/endTime in Unix seconds
 * (end = chosen day + 86399, spec p1 §9), "all statuses" left out, the download page's fixed status.
 */
import { describe, expect, it } from 'vitest';
import { EMPTY_WEB_FILTER, webListQuery } from './filters';

describe('webListQuery', () => {
  it('leaves out an empty filter and "all statuses"', () => {
    expect(webListQuery(EMPTY_WEB_FILTER, 1, 20)).toEqual({ page: 1, limit: 20, keyword: '', label: '', status: undefined });
  });

  it('maps the chosen days to 00:00 and 23:59:59 China Standard Time (issue 8 §3)', () => {
    const start = new Date(2026, 10, 1, 15, 30);
    const end = new Date(2026, 10, 3, 8, 0);
    const q = webListQuery({ ...EMPTY_WEB_FILTER, range: [{ toDate: () => end }, { toDate: () => start }] as never, type: 3, label: '新闻', keyword: 'example' }, 2, 20);
    const s = Date.UTC(2026, 10, 1) / 1000 - 8 * 3600;
    const e = Date.UTC(2026, 10, 3) / 1000 - 8 * 3600 + 86399;
    expect(q).toEqual({ page: 2, limit: 20, keyword: 'example', label: '新闻', startTime: s, endTime: e, status: 3 });
  });

  it('the download page lists done captures whatever the filter says', () => {
    expect(webListQuery({ ...EMPTY_WEB_FILTER, type: 3 }, 1, 20, 2).status).toBe(2);
  });
});
