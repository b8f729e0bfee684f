/** Certificate formatting helpers and view tokens (issue 2 §6): masking, CST times, sizes, escaping, token expiry. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cstDateTime, cstDay, esc, humanSize, maskCompanyName, maskMobile, maskOwner, maskPersonName, thousands } from '../../platform/format.ts';
import { viewTokens } from './viewToken.ts';

describe('owner masking', () => {
  it('masks personal names: 张* / 张*三 / 欧**娜', () => {
    expect(maskPersonName('张三')).toBe('张*');
    expect(maskPersonName('张三丰')).toBe('张*丰');
    expect(maskPersonName('欧阳娜娜')).toBe('欧**娜');
    expect(maskPersonName('王')).toBe('*');
    expect(maskPersonName('𠀀𠀁𠀂')).toBe('𠀀*𠀂');
  });
  it('masks company names in the middle', () => {
    expect(maskCompanyName('北京某某科技有限公司')).toBe('北京******公司');
    expect(maskCompanyName('阿里巴巴')).toBe('阿**巴');
  });
  it('masks mobiles: 138****0001', () => {
    expect(maskMobile('13800000001')).toBe('138****0001');
  });
  it('picks company, name, then mobile', () => {
    expect(maskOwner({ type: 2, company: '深圳市腾云数据有限公司', name: '李四', mobile: '13800000001' })).toBe('深圳*******公司');
    expect(maskOwner({ type: 1, company: '', name: '张三', mobile: '13800000001' })).toBe('张*');
    expect(maskOwner({ type: 1, company: '', name: '  ', mobile: '13800000001' })).toBe('138****0001');
    expect(maskOwner(null)).toBe('—');
  });
});

describe('formatting', () => {
  it('formats Unix seconds in Asia/Shanghai', () => {
    expect(cstDateTime(0)).toBe('1970-01-01 08:00:00');
    expect(cstDateTime(1795000000)).toBe('2026-11-18 19:06:40');
    expect(cstDay(1795000000 + 5 * 3600)).toBe('2026-11-19');
  });
  it('formats sizes', () => {
    expect(humanSize(512)).toBe('512 B');
    expect(humanSize(1268736)).toBe('1.21 MB');
    expect(humanSize(3 * 1024 ** 3)).toBe('3.00 GB');
    expect(thousands(1268736)).toBe('1,268,736');
  });
  it('escapes HTML metacharacters', () => {
    expect(esc(`<a href="x" onclick='y'>&\``)).toBe('&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;&#38;&#96;');
  });
});

describe('view tokens', () => {
  const key = crypto.randomBytes(32);
  it('bind the number and expire', () => {
    const t = viewTokens(key);
    const tok = t.issue('CZ20261122K7M3Q9XW2DHA');
    expect(t.verify(tok, 'CZ20261122K7M3Q9XW2DHA')).toBe(true);
    expect(t.verify(tok, 'CZ20261122K7M3Q9XW2DHB')).toBe(false);
    expect(viewTokens(crypto.randomBytes(32)).verify(tok, 'CZ20261122K7M3Q9XW2DHA')).toBe(false);
    const expired = viewTokens(key, -1).issue('CZ20261122K7M3Q9XW2DHA');
    expect(t.verify(expired, 'CZ20261122K7M3Q9XW2DHA')).toBe(false);
  });
});
