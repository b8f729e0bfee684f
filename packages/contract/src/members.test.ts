/** Member call schemas (issue 14 §3–4; spec p1 §5, §8): each field fails with the spec's message. */
import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import { ZMemberAddReq, ZMemberStopReq, ZMemberUpdateReq, ZQueryMemberReq, ZSwitchRoleReq, ZUnbindReq } from './members.ts';

const first = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.success ? null : r.error!.issues[0]!.message);
const add = { mobile: '13800138000', pid: '1', son_uid: '2', smsToken: 'tok', smsCode: '123456', filePath: 'p'.repeat(32) };

describe('member schemas', () => {
  it('mobile: empty 请输入手机号码, wrong 请输入正确格式手机号码', () => {
    expect(first(ZQueryMemberReq.safeParse({ mobile: '' }))).toBe(MSG.MOBILE_REQUIRED);
    expect(first(ZQueryMemberReq.safeParse({}))).toBe(MSG.MOBILE_REQUIRED);
    expect(first(ZQueryMemberReq.safeParse({ mobile: '12800138000' }))).toBe(MSG.MOBILE_FORMAT_MEMBER);
    expect(first(ZQueryMemberReq.safeParse({ mobile: '1380013800' }))).toBe(MSG.MOBILE_FORMAT_MEMBER);
    expect(ZQueryMemberReq.parse({ mobile: ' 13800138000 ' }).mobile).toBe('13800138000');
  });
  it('add: code, token and letter messages', () => {
    expect(ZMemberAddReq.safeParse(add).success).toBe(true);
    expect(first(ZMemberAddReq.safeParse({ ...add, smsCode: '' }))).toBe(MSG.MEMBER_SMS_CODE_REQUIRED);
    expect(first(ZMemberAddReq.safeParse({ ...add, smsCode: undefined }))).toBe(MSG.MEMBER_SMS_CODE_REQUIRED);
    expect(first(ZMemberAddReq.safeParse({ ...add, smsCode: '12ab56' }))).toBe(MSG.SMS_CODE_WRONG);
    expect(first(ZMemberAddReq.safeParse({ ...add, smsToken: '' }))).toBe(MSG.SMS_NOT_REQUESTED);
    expect(first(ZMemberAddReq.safeParse({ ...add, filePath: '' }))).toBe(MSG.AUTH_LETTER_REQUIRED);
    expect(first(ZMemberAddReq.safeParse({ ...add, filePath: 'x'.repeat(41) }))).toBe(MSG.AUTH_LETTER_REQUIRED);
    expect(first(ZMemberAddReq.safeParse({ ...add, son_uid: '' }))).toBe(MSG.MEMBER_QUERY_FIRST);
    expect(first(ZMemberUpdateReq.safeParse({ ...add, member_id: 'abc' }))).toBe(MSG.MEMBER_NOT_FOUND);
  });
  it('stop: reason required and bounded; unbind needs a requested code', () => {
    const stop = { mobile: '13800138000', member_id: '3', smsToken: 't', smsCode: '123456', stop_reason: '离职' };
    expect(ZMemberStopReq.safeParse(stop).success).toBe(true);
    expect(first(ZMemberStopReq.safeParse({ ...stop, stop_reason: '  ' }))).toBe(MSG.STOP_REASON_REQUIRED);
    expect(first(ZMemberStopReq.safeParse({ ...stop, stop_reason: '长'.repeat(101) }))).toBe(MSG.STOP_REASON_TOO_LONG);
    expect(first(ZUnbindReq.safeParse({ member_id: '3', smsCode: '123456' }))).toBe(MSG.SMS_NOT_REQUESTED);
    expect(first(ZUnbindReq.safeParse({ member_id: '3', smsToken: 't', smsCode: '' }))).toBe(MSG.SMS_CODE_REQUIRED);
  });
  it('switchRole: role 1 or 2 only', () => {
    expect(ZSwitchRoleReq.parse({ role: '2', pid: '5', uid: '7', client: 'pc' })).toMatchObject({ role: 2, pid: 5, uid: 7 });
    expect(first(ZSwitchRoleReq.safeParse({ role: '3' }))).toBe(MSG.BAD_PARAM);
  });
});
