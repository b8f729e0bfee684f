/** The web-capture call schemas (issue 4 §2) accept good form payloads and answer the field's Chinese message otherwise. */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { msgHttpStatus, ZWebBatchDataReq, ZWebBatchPayReq, ZWebDownloadBatchQuery, ZWebListReq, ZWebSaveLabelReq, ZWebScreenshotReq, ZWebStatus, ZWebStatusQuery } from './forensics.ts';
import { MSG } from './messages.ts';

const firstMsg = (schema: z.ZodType, input: unknown): string => {
  const r = schema.safeParse(input);
  return r.success ? 'ok' : (r.error.issues[0]?.message ?? '?');
};

describe('forensics schemas', () => {
  it('screenshot: http(s) URL and optional title', () => {
    expect(ZWebScreenshotReq.parse({ url: ' https://例子.中国/页面?a=1 ', title: ' 合同 ' })).toEqual({ url: 'https://例子.中国/页面?a=1', title: '合同' });
    for (const url of [undefined, '', 'example.com', 'ftp://example.com', 'file:///etc/passwd', 'http://a b.com/', 'http://999.1.1.1/']) expect(firstMsg(ZWebScreenshotReq, { url }), String(url)).toBe(MSG.URL_FORMAT);
    expect(firstMsg(ZWebScreenshotReq, { url: 'http://example.com', title: 'x'.repeat(101) })).toBe(MSG.TITLE_TOO_LONG);
    expect(firstMsg(ZWebScreenshotReq, { url: 'http://example.com', title: '<script>' })).toBe('标题不能包含特殊字符');
  });
  it('status and labels take capture ids', () => {
    expect(ZWebStatusQuery.parse({ id: '12' })).toEqual({ id: 12 });
    expect(firstMsg(ZWebStatusQuery, { id: 'abc' })).toBe(MSG.EVIDENCE_ID_INVALID);
    expect(ZWebSaveLabelReq.parse({ id: '3' })).toEqual({ id: 3, label: '' });
    expect(firstMsg(ZWebSaveLabelReq, { id: '3', label: '标'.repeat(21) })).toBe(MSG.LABEL_TOO_LONG);
    expect(ZWebStatus.safeParse({ id: 1, status: 4, reason: '', baoquan: '', chainhash: '', url: '', title: '' }).success).toBe(false);
  });
  it('list filters', () => {
    expect(ZWebListReq.parse({})).toEqual({ page: 1, limit: 20 });
    expect(ZWebListReq.parse({ page: '2', limit: '50', status: '3', keyword: ' 合同 ', label: '' })).toEqual({ page: 2, limit: 50, status: 3, keyword: '合同' });
    expect(firstMsg(ZWebListReq, { status: '9' })).toBe(MSG.BAD_PARAM);
    expect(firstMsg(ZWebListReq, { startTime: '200', endTime: '100' })).toBe(MSG.DATE_RANGE_INVALID);
  });
  it('batch and batch download', () => {
    expect(firstMsg(ZWebBatchDataReq, {})).toBe(MSG.WEB_URLS_REQUIRED);
    expect(firstMsg(ZWebBatchPayReq, { batchId: '' })).toBe(MSG.WEB_BATCH_NOT_FOUND);
    expect(ZWebDownloadBatchQuery.parse({ ids: '3, 1,3' })).toEqual({ ids: [3, 1] });
    expect(firstMsg(ZWebDownloadBatchQuery, { ids: '' })).toBe(MSG.SELECT_EVIDENCE_TO_DOWNLOAD);
    expect(firstMsg(ZWebDownloadBatchQuery, { ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') })).toBe(MSG.BATCH_TOO_MANY);
    expect(msgHttpStatus(404)).toBe('HTTP 状态码 404');
  });
});
