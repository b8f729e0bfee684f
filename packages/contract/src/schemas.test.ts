/**
 * The call schemas of issue 2 accept good form-encoded payloads (strings, as @fastify/formbody delivers
 * them) and reject bad ones with the exact Chinese message of the failing field (the first issue, which
 * the server's error handler answers).
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ZEditPasswordReq, ZLoginReq, ZLoginRes, ZLoginSmsReq, ZRegisterReq, ZResetPasswordReq, ZSendSmsReq, ZUserInfo } from './auth.ts';
import { ZCertificateView, ZCheckBqnoReq, ZCheckBqviewReq, ZDownCertificateReq, ZGetViewQuery, ZShareDownReq } from './certificate.ts';
import { zEnvelope } from './common.ts';
import { ZDataListQuery, ZDataListRes, ZDataUploadFields, ZDelDataQuery, ZDownBaoquanReq, ZDownloadBatchReq, ZSaveLabelReq } from './evidence.ts';
import { zCreditCode, zGender, zIdCardInfo } from './fields.ts';
import { ZHealth } from './system.ts';

/** The first issue's message of a failed parse (what the server answers), or 'ok'. */
const firstMsg = (schema: z.ZodType, input: unknown): string => {
  const r = schema.safeParse(input);
  return r.success ? 'ok' : (r.error.issues[0]?.message ?? '?');
};

describe('auth', () => {
  const sms = { mobile: '13800138000', captchaId: 'c0ffee', imgCode: 'a7K2', altcha: 'eyJwb3ciOjF9' };
  it('SMS send', () => {
    expect(ZSendSmsReq.parse({ ...sms, mobile: ' 13800138000 ' })).toEqual(sms);
    expect(firstMsg(ZSendSmsReq, { captchaId: 'c', imgCode: 'a7K2' })).toBe('请输入手机号码');
    expect(firstMsg(ZSendSmsReq, { ...sms, mobile: '12800138000' })).toBe('请输入正确格式手机号');
    expect(firstMsg(ZSendSmsReq, { ...sms, mobile: '138001380001234' })).toBe('请输入正确格式手机号');
    expect(firstMsg(ZSendSmsReq, { ...sms, imgCode: '' })).toBe('请输入图形验证码');
    expect(firstMsg(ZSendSmsReq, { ...sms, imgCode: 'a7K' })).toBe('图形验证码不正确');
    expect(firstMsg(ZSendSmsReq, { ...sms, captchaId: undefined })).toBe('图形验证码不正确');
    expect(firstMsg(ZSendSmsReq, { ...sms, altcha: undefined })).toBe('请完成人机验证');
  });

  const reg = { mobile: '13800138000', smsCode: '123456', smsToken: 'tok', password: 'abc123', type: '1', name: '张三' };
  it('register', () => {
    expect(ZRegisterReq.parse(reg)).toEqual({ ...reg, type: 1, company: '' });
    expect(ZRegisterReq.parse({ ...reg, type: 2, name: undefined, company: '某某科技有限公司' }).type).toBe(2);
    expect(firstMsg(ZRegisterReq, { ...reg, smsCode: '' })).toBe('请输入短信验证码');
    expect(firstMsg(ZRegisterReq, { ...reg, smsCode: '12345' })).toBe('短信验证码错误,请重新输入');
    expect(firstMsg(ZRegisterReq, { ...reg, smsToken: undefined })).toBe('请获取短信验证码');
    expect(firstMsg(ZRegisterReq, { ...reg, password: 'abcdef' })).toBe('请输入6-18位数字字母组合密码');
    expect(firstMsg(ZRegisterReq, { ...reg, password: 'abc123abc123abc123x' })).toBe('请输入6-18位数字字母组合密码');
    expect(firstMsg(ZRegisterReq, { ...reg, password: undefined })).toBe('密码不能为空');
    expect(firstMsg(ZRegisterReq, { ...reg, type: '3' })).toBe('请选择账号类型');
    expect(firstMsg(ZRegisterReq, { ...reg, type: 'abc' })).toBe('请选择账号类型');
    expect(firstMsg(ZRegisterReq, { ...reg, type: undefined })).toBe('请选择账号类型');
    expect(firstMsg(ZRegisterReq, { ...reg, name: ' ' })).toBe('请输入姓名');
    expect(firstMsg(ZRegisterReq, { ...reg, type: '2', company: '' })).toBe('请输入企业名称');
    expect(firstMsg(ZRegisterReq, { ...reg, name: '<b>张三</b>' })).toBe('姓名不能包含特殊字符');
    expect(firstMsg(ZRegisterReq, { ...reg, name: '张'.repeat(31) })).toBe('姓名不能超过30个字符');
  });

  it('login by password and by SMS', () => {
    expect(ZLoginReq.parse({ mobile: '13800138000', password: 'abc123' })).toEqual({ mobile: '13800138000', password: 'abc123' });
    expect(firstMsg(ZLoginReq, { mobile: '', password: 'abc123' })).toBe('请输入手机号码');
    expect(firstMsg(ZLoginReq, { mobile: '13800138000', password: '' })).toBe('密码不能为空');
    expect(firstMsg(ZLoginReq, { mobile: '13800138000', password: 'x'.repeat(10_000) })).toBe('请输入6-18位数字字母组合密码');
    expect(ZLoginSmsReq.parse({ mobile: '13800138000', smsCode: '654321', smsToken: 't' }).smsCode).toBe('654321');
    expect(firstMsg(ZLoginSmsReq, { mobile: '13800138000', smsCode: '654321' })).toBe('请获取短信验证码');
  });

  it('reset password', () => {
    const ok = { mobile: '13800138000', smsCode: '123456', smsToken: 't', password: 'abc123', confirmPassword: 'abc123' };
    expect(ZResetPasswordReq.parse(ok)).toEqual(ok);
    expect(firstMsg(ZResetPasswordReq, { ...ok, confirmPassword: 'abc124' })).toBe('两次新密码不一致');
    expect(firstMsg(ZResetPasswordReq, { ...ok, password: '' })).toBe('新密码不能为空');
  });

  it('edit password (spec p1 §5)', () => {
    const ok = { oldPassword: 'old123', password: 'new123', confirmPassword: 'new123' };
    expect(ZEditPasswordReq.parse(ok)).toEqual(ok);
    expect(firstMsg(ZEditPasswordReq, { ...ok, oldPassword: '' })).toBe('旧密码不能为空');
    expect(firstMsg(ZEditPasswordReq, { ...ok, password: undefined })).toBe('新密码不能为空');
    expect(firstMsg(ZEditPasswordReq, { ...ok, confirmPassword: '' })).toBe('确认新密码不能为空');
    expect(firstMsg(ZEditPasswordReq, { ...ok, confirmPassword: 'new124' })).toBe('两次新密码不一致');
    expect(firstMsg(ZEditPasswordReq, { oldPassword: 'new123', password: 'new123', confirmPassword: 'new123' })).toBe('新密码不能与旧密码相同');
    expect(firstMsg(ZEditPasswordReq, { ...ok, password: 'newnew', confirmPassword: 'newnew' })).toBe('请输入6-18位数字字母组合密码');
  });

  it('user info and login answer', () => {
    const info = { userId: 7, mobile: '13800138000', userStatus: 1, status: 1, points: 0, contactPhone: '13800138000', contactName: '张三', company: '', extractCode: '012345', role: 'user' };
    const parsed = ZUserInfo.parse(info);
    expect(parsed).toMatchObject({ type: 0, companyStatus: 0, repairType: 0, bindTime: 0, bindStatus: 0, memberId: 0, newsNum: 0 });
    expect(ZLoginRes.parse({ token: 'abc', userInfo: info }).userInfo.userId).toBe(7);
    expect(ZUserInfo.safeParse({ ...info, userStatus: 5 }).success).toBe(false);
    expect(zEnvelope(ZLoginRes).parse({ code: 200, msg: '登录成功', data: { token: 't', userInfo: info } }).code).toBe(200);
  });
});

describe('evidence', () => {
  it('upload fields', () => {
    expect(ZDataUploadFields.parse({})).toEqual({});
    expect(ZDataUploadFields.parse({ title: ' 合同 ', label: '合同' })).toEqual({ title: '合同', label: '合同' });
    expect(firstMsg(ZDataUploadFields, { label: '标'.repeat(21) })).toBe('标签不能超过20个字');
    expect(firstMsg(ZDataUploadFields, { title: 't'.repeat(101) })).toBe('标题不能超过100个字');
    expect(firstMsg(ZDataUploadFields, { label: '<x>' })).toBe('标签不能包含特殊字符');
  });

  it('getList query: defaults, form strings, empty filters', () => {
    expect(ZDataListQuery.parse({})).toEqual({ page: 1, limit: 20, type: 0 });
    expect(
      ZDataListQuery.parse({ page: '2', limit: '20', label: '', startTime: '1763654400', endTime: String(1763654400 + 86399), keyword: ' 合同 ', type: '2', v: '1763700000000' }),
    ).toEqual({ page: 2, limit: 20, label: undefined, startTime: 1763654400, endTime: 1763740799, keyword: '合同', type: 2, v: '1763700000000' });
    expect(ZDataListQuery.parse({ startTime: '', endTime: '' })).toMatchObject({ startTime: undefined, endTime: undefined });
  });

  it('getList query: bad values', () => {
    expect(firstMsg(ZDataListQuery, { type: '6' })).toBe('文件类型错误');
    expect(firstMsg(ZDataListQuery, { type: 'abc' })).toBe('文件类型错误');
    expect(firstMsg(ZDataListQuery, { page: '0' })).toBe('页码错误');
    expect(firstMsg(ZDataListQuery, { page: '1.5' })).toBe('页码错误');
    expect(firstMsg(ZDataListQuery, { limit: '101' })).toBe('参数错误');
    expect(firstMsg(ZDataListQuery, { startTime: '0x10' })).toBe('参数错误');
    expect(firstMsg(ZDataListQuery, { startTime: '1e9' })).toBe('参数错误');
    expect(firstMsg(ZDataListQuery, { keyword: 'k'.repeat(51) })).toBe('关键词不能超过50个字');
    expect(firstMsg(ZDataListQuery, { label: '标'.repeat(21) })).toBe('标签不能超过20个字');
    expect(firstMsg(ZDataListQuery, { startTime: '1763740800', endTime: '1763654400' })).toBe('开始时间不能晚于结束时间');
  });

  it('list answer', () => {
    const item = { id: 1, baoquan: 'BQ20261121AB12CD34', title: '合同.pdf', fileName: '合同.pdf', fileType: 1, mime: 'application/pdf', size: 1024, sha256: 'a'.repeat(64), label: '', saveTime: 1763700000, chainhash: 'b'.repeat(64), isDownload: 1 };
    expect(ZDataListRes.parse({ list: [item], count: 1 }).list[0]?.title).toBe('合同.pdf');
    expect(ZDataListRes.safeParse({ list: [{ ...item, fileType: 0 }], count: 1 }).success).toBe(false);
  });

  it('label, delete and download requests', () => {
    expect(ZSaveLabelReq.parse({ dataId: '12', label: ' 重要 ' })).toEqual({ dataId: 12, label: '重要' });
    expect(ZSaveLabelReq.parse({ dataId: '12' })).toEqual({ dataId: 12, label: '' });
    expect(firstMsg(ZSaveLabelReq, { dataId: '12', label: '标'.repeat(21) })).toBe('标签不能超过20个字');
    expect(firstMsg(ZSaveLabelReq, { label: 'x' })).toBe('证据编号错误');
    expect(ZDelDataQuery.parse({ dataId: '5' })).toEqual({ dataId: 5 });
    for (const bad of ['0', '-1', 'abc', '', '1.5', '99999999999999999999']) expect(firstMsg(ZDelDataQuery, { dataId: bad })).toBe('证据编号错误');
    expect(ZDownBaoquanReq.parse({ dataId: 3 })).toEqual({ dataId: 3 });
  });

  it('downloadBatch: comma-separated ids', () => {
    expect(ZDownloadBatchReq.parse({ dataIdStr: '3,1, 2,3,' })).toEqual({ dataIdStr: [3, 1, 2] });
    expect(firstMsg(ZDownloadBatchReq, {})).toBe('请选择需要下载的证据');
    expect(firstMsg(ZDownloadBatchReq, { dataIdStr: '' })).toBe('请选择需要下载的证据');
    expect(firstMsg(ZDownloadBatchReq, { dataIdStr: ',' })).toBe('请选择需要下载的证据');
    expect(firstMsg(ZDownloadBatchReq, { dataIdStr: '1,a,3' })).toBe('证据编号错误');
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
    expect(firstMsg(ZDownloadBatchReq, { dataIdStr: many })).toBe('单次最多下载100个证据');
    expect(ZDownloadBatchReq.parse({ dataIdStr: Array.from({ length: 100 }, (_, i) => i + 1).join(',') }).dataIdStr).toHaveLength(100);
    expect(firstMsg(ZDownloadBatchReq, { dataIdStr: '1,'.repeat(1001) })).toBe('单次最多下载100个证据');
  });
});

describe('certificate', () => {
  it('numbers', () => {
    expect(ZGetViewQuery.parse({ baoquan: ' BQ20261121AB12CD34 ' })).toEqual({ baoquan: 'BQ20261121AB12CD34' });
    expect(firstMsg(ZGetViewQuery, {})).toBe('请输入保全号');
    expect(firstMsg(ZGetViewQuery, { baoquan: '' })).toBe('请输入保全号');
    expect(firstMsg(ZGetViewQuery, { baoquan: "1' OR '1'='1" })).toBe('保全号不存在');
    expect(firstMsg(ZGetViewQuery, { baoquan: 'B'.repeat(33) })).toBe('保全号不存在');
    expect(ZCheckBqnoReq.parse({ no: 'BQ1' })).toEqual({ no: 'BQ1' });
    expect(firstMsg(ZCheckBqviewReq, { no: 'BQ1' })).toBe('查看凭证已失效，请重新查询');
    expect(ZDownCertificateReq.parse({ no: 'BQ1' })).toEqual({ no: 'BQ1' });
  });

  it('extraction by code (spec p2 §2, §3)', () => {
    expect(ZShareDownReq.parse({ baoquan: 'BQ1', code: '012345' })).toEqual({ baoquan: 'BQ1', code: '012345' });
    expect(firstMsg(ZShareDownReq, { baoquan: 'BQ1', code: '' })).toBe('请输入证据提取码');
    expect(firstMsg(ZShareDownReq, { baoquan: 'BQ1' })).toBe('请输入证据提取码');
    expect(firstMsg(ZShareDownReq, { baoquan: 'BQ1', code: '1'.repeat(31) })).toBe('证据提取码不能超过30个字符');
  });

  it('view answer', () => {
    const view = {
      id: 0, baoquan: 'BQ1', title: '合同', fileName: '合同.pdf', fileType: 1, mime: 'application/pdf', size: 10, sha256: 'a'.repeat(64), label: '',
      saveTime: 1763700000, chainhash: 'b'.repeat(64), ledgerIndex: 0, treeSize: 1, html: '<p>证书</p>', htmlEn: '<p>Certificate</p>',
      isSelf: 0, isDownload: 1, isApp: 0, mp4Path: '', deleted: 0,
    };
    expect(ZCertificateView.parse(view)).toEqual(view);
    expect(ZCertificateView.safeParse({ ...view, isSelf: 2 }).success).toBe(false);
    expect(ZHealth.parse({ version: '0.1.0', database: 'pglite', ledgerSize: 0 }).database).toBe('pglite');
  });
});

describe('KYC fields (spec p2 §5)', () => {
  it('credit code upper-cased, ID number parsed to birth date and sex, gender', () => {
    expect(zCreditCode().parse(' 91110108551385082q ')).toBe('91110108551385082Q');
    expect(firstMsg(zCreditCode(), '91110108551385082R')).toBe('请输入正确的统一社会信用代码');
    expect(firstMsg(zCreditCode(), '9111010855138508')).toBe('请输入18位的统一社会信用代码');
    expect(firstMsg(zCreditCode(), '9111010855138508200000')).toBe('请输入18位的统一社会信用代码');
    expect(zIdCardInfo().parse('11010519491231002x')).toEqual({ idCard: '11010519491231002X', birth: '1949-12-31', sex: 1 });
    expect(firstMsg(zIdCardInfo(), '110105194912310021')).toBe('请输入正确的身份证号码');
    expect(zGender().parse('1')).toBe(1);
    expect(firstMsg(zGender(), '')).toBe('性别不能为空');
  });
});
