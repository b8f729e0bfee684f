/** Help-centre search and highlighting (spec p2 §2 /helpCenter "searchable"). */
import { describe, expect, it } from 'vitest';
import { HELP, HELP_CATEGORIES } from './content';
import { highlightParts, searchHelp } from './search';

describe('searchHelp', () => {
  it('every category has questions and ids are unique', () => {
    for (const c of HELP_CATEGORIES) expect(HELP.some((h) => h.cat === c)).toBe(true);
    expect(new Set(HELP.map((h) => h.id)).size).toBe(HELP.length);
  });
  it('matches question, answer and commands, all terms, case-insensitive', () => {
    expect(searchHelp(HELP, '提取码', null).map((h) => h.id)).toContain('reset-extract-code');
    expect(searchHelp(HELP, 'OPENSSL ts', null).map((h) => h.id)).toContain('verify-timestamp');
    expect(searchHelp(HELP, 'certutil', null).map((h) => h.id)).toEqual(['verify-hash']);
    expect(searchHelp(HELP, '提取码 重置', '证据提取码').every((h) => h.cat === '证据提取码')).toBe(true);
    expect(searchHelp(HELP, '不存在的词语xyz', null)).toEqual([]);
  });
  it('highlights the terms', () => {
    expect(highlightParts('重置提取码后旧提取码失效', '提取码')).toEqual([
      { text: '重置', hit: false },
      { text: '提取码', hit: true },
      { text: '后旧', hit: false },
      { text: '提取码', hit: true },
      { text: '失效', hit: false },
    ]);
    expect(highlightParts('a.b', '.')).toEqual([{ text: 'a', hit: false }, { text: '.', hit: true }, { text: 'b', hit: false }]);
  });
});
