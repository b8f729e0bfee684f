/** Spec messages and constants are the spec's exact text and values (spec p1 §5, §8, §9; p2 §5, §8, §9). */
import { describe, expect, it } from 'vitest';
import * as C from './constants.ts';
import { MSG, msgDeleteInvoiceHeaderConfirm, msgLength18, msgRequired } from './messages.ts';

describe('messages', () => {
  it('are copied from the spec verbatim', () => {
    expect(MSG.NETWORK_FAILURE).toBe('连接失败，请检查网络或稍后刷新重试！');
    expect(MSG.SESSION_EXPIRED).toBe('登录超时，请重新登录');
    expect(MSG.NOT_FOUND_PAGE).toBe('Sorry, the page you visited does not exist.');
    expect(MSG.SMS_CODE_WRONG).toBe('短信验证码错误,请重新输入');
    expect(MSG.URL_FORMAT).toBe('网页地址格式错误,请重新输入');
    expect(MSG.INVOICE_HEADER_LIMIT).toBe('最多保存 5 个发票抬头信息');
    expect(MSG.IMAGE_FORMAT).toBe('上传图片只能是png,jpg或JPEG格式!');
    expect(MSG.REPAIR_PENDING).toBe('实名补传还未通过，请耐心等待');
    expect(msgRequired('联系人')).toBe(MSG.CONTACT_REQUIRED);
    expect(msgLength18('统一社会信用代码')).toBe('请输入18位的统一社会信用代码');
    expect(msgDeleteInvoiceHeaderConfirm('某某公司')).toBe('是否删除发票抬头为“某某公司”的信息吗?');
  });
  it('are unique, non-empty and free of placeholders', () => {
    const values = Object.values(MSG);
    expect(new Set(values).size).toBe(values.length);
    for (const v of values) expect(v).toMatch(/^[^{}]+$/);
  });
});

describe('constants', () => {
  it('match the spec', () => {
    expect(C.PAGE_SIZE).toMatchObject({ evidence: 20, notifications: 10, members: 10, orders: 10, invoices: 10 });
    expect(C.DATE_RANGE_END_OFFSET_S).toBe(86400 - 1);
    expect(C.HIDDEN_FRAME_TTL_MS).toBe(5 * 60 * 1000);
    expect(C.SMS_TYPE).toEqual({ addMember: 7, stopMember: 8 });
    expect(Object.keys(C.EVIDENCE_FILE_TYPE_LABEL).map(Number)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(Object.values(C.ORDER_TYPE).sort((a, b) => a - b)).toEqual([1, 2, 5, 6, 7, 8, 10, 11, 12, 13]);
    for (const code of Object.values(C.ORDER_TYPE)) expect(C.ORDER_TYPE_LABEL[code]).toBeTruthy();
    expect(C.INVOICING_CUTOFF_S).toBe(Date.parse(`${C.INVOICING_CUTOFF}T00:00:00+08:00`) / 1000);
    expect(C.UPLOAD_DEFAULT_LIMIT_BYTES).toBe(2147483648);
    expect(C.EVIDENCE_KINDS).toEqual(['data', 'web', 'process', 'mobile', 'music', 'app']);
  });
});
