/**
 * A thin progress line with its percentage (antd Progress, line, size small) for pages without antd
 * (issue 16); at 100 the bar turns green with a check mark, as antd's does. Styles in widgets.css.
 */
import './widgets.css';

const CHECK_CIRCLE =
  'M512 64C264.6 64 64 264.6 64 512s200.6 448 448 448 448-200.6 448-448S759.4 64 512 64zm193.5 301.7l-210.6 292a31.8 31.8 0 01-51.7 0L318.5 484.9c-3.8-5.3 0-12.7 6.5-12.7h46.9c10.2 0 19.9 4.9 25.9 13.3l71.2 98.8 157.2-218c6-8.3 15.6-13.3 25.9-13.3H699c6.5 0 10.3 7.4 6.5 12.7z';

/** `percent` 0..100 (clamped); `width` of the whole line: CSS pixels, or any CSS length such as '100%'. */
export function ProgressBar({ percent, width = 160, label = '进度' }: { percent: number; width?: number | string; label?: string }) {
  const p = Math.max(0, Math.min(100, Math.round(percent)));
  const done = p >= 100;
  return (
    <div className={`lf-progress${done ? ' lf-progress-done' : ''}`} style={{ width }} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={p}>
      <div className="lf-progress-rail">
        <div className="lf-progress-bar" style={{ width: `${p}%` }} />
      </div>
      <span className="lf-progress-text">
        {done ? (
          <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true">
            <path d={CHECK_CIRCLE} />
          </svg>
        ) : (
          `${p}%`
        )}
      </span>
    </div>
  );
}
