/** Unit tests of the spec p2 §5 validators with real valid and invalid examples. */
import { describe, expect, it } from 'vitest';
import { MSG } from './messages.ts';
import {
  creditCodeCheckChar,
  idCardCheckChar,
  isCreditCode,
  parseIdCard,
  toRule,
  validateChineseName,
  validateContact,
  validateCreditCode,
  validateDigits8to25,
  validateEmail,
  validateEvidenceUrl,
  validateExtractCode,
  validateExtractCodeInput,
  validateGender,
  validateIdCard,
  validateImgCode,
  validateLength18,
  validateMobile,
  validateMobileOrChinese,
  validateNoSpecialChars,
  validatePassword,
  validateRequired,
  validateReservedPhone,
  validateSmsCode,
} from './validators.ts';

const TODAY = new Date(2026, 10, 21);

describe('mobile (spec p2 §5: 11 digits, 1, second digit 3–9)', () => {
  it.each(['13800138000', '14700000001', '15912345678', '16612345678', '17712345678', '18612345678', '19912345678'])('accepts %s', (m) => {
    expect(validateMobile(m)).toBe(true);
  });
  it.each([
    ['10012345678', 'second digit 0'],
    ['11012345678', 'second digit 1'],
    ['12345678901', 'second digit 2'],
    ['23800138000', 'does not start with 1'],
    ['1380013800', '10 digits'],
    ['138001380001', '12 digits'],
    ['138 0013 800', 'spaces'],
    ['+8613800138000', 'country code'],
    ['1380013800a', 'letter'],
    ['１３８００１３８０００', 'full-width digits'],
  ])('rejects %s (%s)', (m) => {
    expect(validateMobile(m)).toBe(MSG.MOBILE_FORMAT);
  });
  it('empty → 请输入手机号码; member variant uses 请输入正确格式手机号码', () => {
    expect(validateMobile('')).toBe('请输入手机号码');
    expect(validateMobile(undefined)).toBe('请输入手机号码');
    expect(validateMobile('   ')).toBe('请输入手机号码');
    expect(validateMobile('12345678901')).toBe('请输入正确格式手机号');
    expect(validateMobile('12345678901', MSG.MOBILE_FORMAT_MEMBER)).toBe('请输入正确格式手机号码');
  });
  it('reserved phone, contact, gender', () => {
    expect(validateReservedPhone('')).toBe('预留手机号不能为空');
    expect(validateReservedPhone('13800138000')).toBe(true);
    expect(validateReservedPhone('1380013800')).toBe('请输入正确格式手机号');
    expect(validateContact(' ')).toBe('联系人不能为空');
    expect(validateContact('张三')).toBe(true);
    expect(validateGender(undefined)).toBe('性别不能为空');
    expect(validateGender(2)).toBe('性别不能为空');
    expect(validateGender(0)).toBe(true);
    expect(validateGender('1')).toBe(true);
  });
  it('phone or Chinese text', () => {
    expect(validateMobileOrChinese('13800138000')).toBe(true);
    expect(validateMobileOrChinese('张三')).toBe(true);
    expect(validateMobileOrChinese('zhangsan')).toBe('请输入手机号或中文');
  });
});

describe('password (6–18 letters and digits, both kinds)', () => {
  it.each(['abc123', 'A1b2C3d4', '1a1a1a', 'Password2024', `a1${'b'.repeat(16)}`])('accepts %s', (p) => {
    expect(validatePassword(p)).toBe(true);
  });
  it.each(['abcdef', '123456', 'ab12', 'abc12', `a1${'b'.repeat(17)}`, 'abc 123', 'abc123!', 'abc123中', 'Pass_word1'])('rejects %s', (p) => {
    expect(validatePassword(p)).toBe('请输入6-18位数字字母组合密码');
  });
  it('empty says the named field cannot be empty', () => {
    expect(validatePassword('')).toBe('密码不能为空');
    expect(validatePassword(undefined, '新密码')).toBe('新密码不能为空');
  });
});

describe('image captcha and SMS code', () => {
  it('captcha: 4 letters or digits', () => {
    expect(validateImgCode('a7K2')).toBe(true);
    expect(validateImgCode('1234')).toBe(true);
    expect(validateImgCode('')).toBe('请输入图形验证码');
    expect(validateImgCode('abc')).toBe('图形验证码不正确');
    expect(validateImgCode('abcde')).toBe('图形验证码不正确');
    expect(validateImgCode('ab-1')).toBe('图形验证码不正确');
  });
  it('SMS code: exactly 6 digits', () => {
    expect(validateSmsCode('012345')).toBe(true);
    expect(validateSmsCode('')).toBe('请输入短信验证码');
    expect(validateSmsCode('12345')).toBe('短信验证码错误,请重新输入');
    expect(validateSmsCode('1234567')).toBe('短信验证码错误,请重新输入');
    expect(validateSmsCode('12345a')).toBe('短信验证码错误,请重新输入');
  });
});

describe('Chinese ID number (GB 11643: 15 or 18 digits, date, MOD 11-2)', () => {
  it('computes the check character of the standard examples', () => {
    expect(idCardCheckChar('11010519491231002')).toBe('X');
    expect(idCardCheckChar('44052418800101001')).toBe('4');
  });
  it.each([
    ['11010519491231002X', '1949-12-31', 1],
    ['11010519491231002x', '1949-12-31', 1],
    ['440524188001010014', '1880-01-01', 0],
    ['310115199003071239', '1990-03-07', 0],
    ['440304200002294568', '2000-02-29', 1],
    ['610113198511130024', '1985-11-13', 1],
    ['650102197910020512', '1979-10-02', 0],
    ['110105194912310011', '1949-12-31', 0],
  ] as const)('accepts 18-digit %s (born %s, sex %i)', (id, birth, sex) => {
    expect(validateIdCard(id, TODAY)).toBe(true);
    expect(parseIdCard(id, TODAY)).toEqual({ idCard: id.toUpperCase(), birth, sex });
  });
  it.each([
    ['110105194912310021', 'wrong check digit (should be X)'],
    ['11010519491231002Y', 'letter other than X'],
    ['310115199003071238', 'check digit off by one'],
    ['310115199003071293', 'two digits swapped'],
    ['110108190002291238', '1900-02-29: 1900 is not a leap year (check digit right)'],
    ['510107202302291233', '2023-02-29 (check digit right)'],
    ['33010620991231123X', 'born in 2099 (check digit right)'],
    ['010105194912310011', 'area code starting with 0'],
    ['11010519491231002', '17 characters'],
    ['1101051949123100211', '19 characters'],
  ])('rejects %s (%s)', (id) => {
    expect(validateIdCard(id, TODAY)).toBe('请输入正确的身份证号码');
  });
  it('rejects Feb 30 whatever the check digit', () => {
    const body = '31011519900230123';
    expect(validateIdCard(body + idCardCheckChar(body), TODAY)).toBe('请输入正确的身份证号码');
  });
  it('15-digit IDs: 19YY dates, sex from the last digit', () => {
    expect(parseIdCard('110105491231002', TODAY)).toEqual({ idCard: '110105491231002', birth: '1949-12-31', sex: 1 });
    expect(parseIdCard('310115900307123', TODAY)).toEqual({ idCard: '310115900307123', birth: '1990-03-07', sex: 0 });
    expect(validateIdCard('110105490230002', TODAY)).toBe('请输入正确的身份证号码');
    expect(validateIdCard('110105000229002', TODAY)).toBe('请输入正确的身份证号码');
    expect(validateIdCard('11010549123100X', TODAY)).toBe('请输入正确的身份证号码');
  });
  it('empty → 请输入身份证号码', () => {
    expect(validateIdCard('')).toBe('请输入身份证号码');
  });
});

describe('unified social credit code (GB 32100)', () => {
  // Codes published on business licences of well-known companies and the standard's example.
  const real = ['91350100M000100Y43', '91110000802100433B', '911100001000079554', '91440300708461136T', '914403001922038216', '91110108551385082Q'];
  it.each(real)('accepts %s and recomputes its check character', (code) => {
    expect(creditCodeCheckChar(code.slice(0, 17))).toBe(code[17]);
    expect(isCreditCode(code)).toBe(true);
    expect(validateCreditCode(code)).toBe(true);
    expect(validateCreditCode(code.toLowerCase())).toBe(true);
  });
  it.each(real)('rejects %s with every other check character', (code) => {
    for (const c of '0123456789ABCDEFGHJKLMNPQRTUWXY') {
      if (c !== code[17]) expect(validateCreditCode(code.slice(0, 17) + c)).toBe('请输入正确的统一社会信用代码');
    }
  });
  it('rejects letters outside the GB 32100 set, letters in the division code, and bad lengths', () => {
    expect(validateCreditCode('91350100M000100I43')).toBe('请输入正确的统一社会信用代码');
    expect(validateCreditCode('913501O0M000100Y43')).toBe('请输入正确的统一社会信用代码');
    expect(validateCreditCode('91350100M000100Y4')).toBe('请输入18位的统一社会信用代码');
    expect(validateCreditCode('91350100M000100Y433')).toBe('请输入18位的统一社会信用代码');
    expect(validateCreditCode('')).toBe('统一社会信用代码不能为空');
    expect(validateCreditCode('91350100M000100Y4', '税号')).toBe('请输入18位的税号');
  });
  it('18-character code helper', () => {
    expect(validateLength18('91350100M000100Y43', '纳税人识别号')).toBe(true);
    expect(validateLength18('9135', '纳税人识别号')).toBe('请输入18位的纳税人识别号');
  });
});

describe('other shared validators', () => {
  it('digits 8–25 (bank account numbers)', () => {
    expect(validateDigits8to25('6222021234567890123')).toBe(true);
    expect(validateDigits8to25('12345678')).toBe(true);
    expect(validateDigits8to25('1234567')).toBe('请输入正确的银行账号');
    expect(validateDigits8to25('1'.repeat(26))).toBe('请输入正确的银行账号');
    expect(validateDigits8to25('6222 0212 3456')).toBe('请输入正确的银行账号');
    expect(validateDigits8to25('', '对公账号')).toBe('对公账号不能为空');
  });
  it('Chinese name 2–6 Han characters', () => {
    for (const n of ['张三', '欧阳娜娜', '爱新觉罗溥仪', '𠮷野']) expect(validateChineseName(n)).toBe(true);
    for (const n of ['张', '爱新觉罗毓嶦也', 'Zhang San', '张三1', '张 三', '迪丽热巴·迪力木拉提']) expect(validateChineseName(n)).toBe('请输入2-6个汉字的姓名');
    expect(validateChineseName('')).toBe('请输入姓名');
  });
  it('extraction codes', () => {
    expect(validateExtractCode('012345')).toBe(true);
    expect(validateExtractCode('12345')).toBe('证据提取码为6位数字');
    expect(validateExtractCode('12345a')).toBe('证据提取码为6位数字');
    expect(validateExtractCode('')).toBe('请输入证据提取码');
    expect(validateExtractCodeInput('a'.repeat(30))).toBe(true);
    expect(validateExtractCodeInput('a'.repeat(31))).toBe('证据提取码不能超过30个字符');
    expect(validateExtractCodeInput(' ')).toBe('请输入证据提取码');
  });
  it.each(['zhang.san@example.com', 'a+tag@mail.qq.com', 'user_1@163.com', 'x@sub.domain.cn'])('accepts email %s', (e) => {
    expect(validateEmail(e)).toBe(true);
  });
  it.each(['zhangsan', 'a@b', 'a@b.c', '@example.com', 'a@@example.com', 'a b@example.com', 'a..b@example.com', 'a@-example.com', 'a@example.com.', `${'a'.repeat(65)}@example.com`])('rejects email %s', (e) => {
    expect(validateEmail(e)).toBe('请输入正确的邮箱地址');
  });
  it('special characters', () => {
    expect(validateNoSpecialChars('普通标签-1_(a)')).toBe(true);
    for (const c of ['{', '}', '<', '>', '[', ']', '\\', '"', "'"]) expect(validateNoSpecialChars(`a${c}b`, '标签')).toBe('标签不能包含特殊字符');
    expect(validateNoSpecialChars('<script>')).toBe('不能包含特殊字符');
  });
  it.each([
    'http://example.com',
    'https://www.gov.cn/zhengce/index.htm?x=1#top',
    'https://例子.中国/路径',
    'http://xn--fsqu00a.xn--fiqs8s/',
    'http://192.168.1.10:8080/a',
    'http://localhost:3000',
    'https://[2001:db8::1]/x',
  ])('accepts evidence URL %s', (u) => {
    expect(validateEvidenceUrl(u)).toBe(true);
  });
  it.each([
    'example.com',
    'ftp://example.com/file',
    'javascript:alert(1)',
    'http://',
    'http://example',
    'http://exa mple.com',
    'https://user:pass@example.com/',
    'http://999.1.1.1/',
    'http://example.com:99999/',
    `http://example.com/${'a'.repeat(2048)}`,
    '',
  ])('rejects evidence URL %s', (u) => {
    expect(validateEvidenceUrl(u)).toBe('网页地址格式错误,请重新输入');
  });
  it('required helper and antd rule adapter', async () => {
    expect(validateRequired(' ', '旧密码')).toBe('旧密码不能为空');
    expect(validateRequired('x', '旧密码')).toBe(true);
    await expect(toRule(true)).resolves.toBeUndefined();
    await expect(toRule('旧密码不能为空')).rejects.toThrow('旧密码不能为空');
  });
});
