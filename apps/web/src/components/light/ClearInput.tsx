/**
 * A large single-line input with antd's `allowClear` cross and Enter to submit (antd Input size large,
 * allowClear, onPressEnter) for pages that paint without antd (issue 16). Styles in widgets.css.
 */
import type { InputHTMLAttributes } from 'react';
import './button.css';
import './input.css';
import './widgets.css';

const CLOSE_CIRCLE =
  'M512 64c247.4 0 448 200.6 448 448S759.4 960 512 960 64 759.4 64 512 264.6 64 512 64zm127.98 274.82h-.04l-.08.06L512 466.75 384.14 338.88c-.04-.05-.06-.06-.08-.06a.12.12 0 00-.07 0c-.03 0-.05.01-.09.05l-45.02 45.02a.2.2 0 00-.05.09.12.12 0 000 .07v.02a.27.27 0 00.06.06L466.75 512 338.88 639.86c-.05.04-.06.06-.06.08a.12.12 0 000 .07c0 .03.01.05.05.09l45.02 45.02a.2.2 0 00.09.05.12.12 0 00.07 0c.02 0 .04-.01.08-.05L512 557.25l127.86 127.87c.04.04.06.05.08.05a.12.12 0 00.07 0c.03 0 .05-.01.09-.05l45.02-45.02a.2.2 0 00.05-.09.12.12 0 000-.07v-.02a.27.27 0 00-.05-.06L557.25 512l127.87-127.86c.04-.04.05-.06.05-.08a.12.12 0 000-.07c0-.03-.01-.05-.05-.09l-45.02-45.02a.2.2 0 00-.09-.05.12.12 0 00-.07 0z';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'className'> & {
  value: string;
  /** Called with the new text (typing, or '' when the cross is clicked). */
  onValue: (v: string) => void;
  /** Called when Enter is pressed in the field. */
  onEnter?: () => void;
  /** Red border (antd status="error"). */
  invalid?: boolean;
  /** Class of the outer box (e.g. a monospace font the input inherits). */
  className?: string;
};

/** A text input with a clear cross shown while it holds text; `aria-label` names the field. */
export function ClearInput({ value, onValue, onEnter, invalid, className, ...rest }: Props) {
  return (
    <span className={`lf-affix lf-clearable${invalid ? ' lf-input-error' : ''}${className ? ` ${className}` : ''}`}>
      <input
        {...rest}
        className="lf-input lf-affix-input"
        value={value}
        aria-invalid={invalid || undefined}
        onChange={(e) => onValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) onEnter?.();
        }}
      />
      <span
        className={`lf-clear${value ? '' : ' lf-clear-hidden'}`}
        role="button"
        tabIndex={-1}
        aria-label="清除"
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => onValue('')}
      >
        <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true">
          <path d={CLOSE_CIRCLE} />
        </svg>
      </span>
    </span>
  );
}
