/** Music work display helpers and the deposit form's file checks (issue 12 §2). */
import { describe, expect, it } from 'vitest';
import { MSG } from '@cunzheng/contract/messages';
import { formatIsrc, parseIsrc } from '@cunzheng/contract/music';
import { creditsLine, formatDuration } from './format';
import { checkMusicFile } from './UploadPanel';

describe('music helpers', () => {
  it('formats durations as m:ss or h:mm:ss, unknown as -', () => {
    expect(formatDuration(0)).toBe('-');
    expect(formatDuration(4.03)).toBe('0:04');
    expect(formatDuration(185)).toBe('3:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
  it('lists the credits that exist', () => {
    expect(creditsLine({ lyricist: '张三', composer: '', performer: '王五' })).toBe('作词 张三 / 表演 王五');
    expect(creditsLine({ lyricist: '', composer: '', performer: '' })).toBe('');
  });
  it('checks ISRC codes (ISO 3901) with or without hyphens', () => {
    expect(parseIsrc('cn-a12-26-00001')).toBe('CNA122600001');
    expect(parseIsrc('USRC17607839')).toBe('USRC17607839');
    expect(parseIsrc('CN-A12-26-0001')).toBeNull();
    expect(parseIsrc('1N-A12-26-00001')).toBeNull();
    expect(formatIsrc('CNA122600001')).toBe('CN-A12-26-00001');
  });
  it('refuses empty and oversized files per slot', () => {
    expect(checkMusicFile('audio', { size: 0 })).toBe(MSG.FILE_EMPTY);
    expect(checkMusicFile('audio', { size: 200 * 1024 * 1024 + 1 })).toBe(MSG.FILE_TOO_LARGE);
    expect(checkMusicFile('lyrics', { size: 5 * 1024 * 1024 + 1 })).toBe(MSG.FILE_TOO_LARGE);
    expect(checkMusicFile('score', { size: 1024 })).toBeNull();
  });
});
