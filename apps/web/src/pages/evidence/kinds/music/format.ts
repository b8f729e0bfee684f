/** Display helpers of music works (issue 12 §2). */
import { formatIsrc } from '@cunzheng/contract/music';

/** "3:05" of seconds ('-' when unknown). */
export function formatDuration(seconds: number): string {
  if (!(seconds > 0)) return '-';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${r}` : `${m}:${r}`;
}

/** "作词 张三 / 作曲 李四 / 表演 王五" (empty parts left out). */
export function creditsLine(w: { lyricist: string; composer: string; performer: string }): string {
  return [w.lyricist && `作词 ${w.lyricist}`, w.composer && `作曲 ${w.composer}`, w.performer && `表演 ${w.performer}`].filter(Boolean).join(' / ');
}

export { formatIsrc };
