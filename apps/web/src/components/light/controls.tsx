/**
 * Plain controls shared by the pages that paint without antd (issue 16: login, register, reset, the
 * public query pages, /verify, the certificate's action column …): a labelled form item, text and
 * password inputs, a button with a busy state, a two-way switch and tabs. They look like the site's antd
 * controls (size large unless `size="middle"`, the site theme; styles in button.css, input.css, form.css)
 * without loading antd, so these pages paint without waiting for antd's Form, Tabs and CSS-in-JS.
 * Pages import them from here (one chunk with their CSS for every such page, no extra request).
 */
import { createContext, useContext, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import './button.css';
import './input.css';
import './form.css';
import { KeyTabs } from './KeyTabs.tsx';

/** antd's sizes in use: `large` (40 px, the default here) and `middle` (antd's default, 32 px). */
export type ControlSize = 'middle' | 'large';

/** The size modifier class of a control (button.css); none for large. */
const sizeClass = (size: ControlSize) => (size === 'middle' ? ' lf-middle' : '');

/** A label of exactly two Chinese characters gets antd's space between them; anything else is unchanged. */
const spaced = (text: string) => (/^[\u4e00-\u9fa5]{2}$/.test(text) ? `${text[0]} ${text[1]}` : text);

export interface ButtonProps {
  children: string;
  /** Filled in the brand colour (antd type="primary"); as wide as its box unless `lf-btn-inline`. */
  primary?: boolean;
  /** Fills its box (antd `block`). */
  block?: boolean;
  size?: ControlSize;
  /** Shows antd's spinning ring before the label and ignores clicks (antd `loading`). */
  loading?: boolean;
  disabled?: boolean;
  type?: 'button' | 'submit';
  onClick?: () => void;
  className?: string;
}

/** A button looking like antd's (size large unless `size="middle"`). */
export function Button({ children, primary, block, size = 'large', loading, disabled, type = 'button', onClick, className }: ButtonProps) {
  const cls = `lf-btn${sizeClass(size)}${primary ? ' lf-btn-primary' : ''}${block ? ' lf-btn-block' : ''}${loading ? ' lf-btn-loading' : ''}${className ? ` ${className}` : ''}`;
  return (
    <button type={type} className={cls} disabled={disabled} aria-busy={loading || undefined} onClick={loading ? undefined : onClick}>
      {loading ? <span className="lf-spin" aria-hidden="true" /> : null}
      <span>{spaced(children)}</span>
    </button>
  );
}

/** The id an item's label points at: the first input inside the item takes it. */
const ItemId = createContext<string | undefined>(undefined);

/** A vertical form item: label, control, then the field's message (red) or its help text. */
export function Item({ label, error, extra, children }: { label: string; error?: string; extra?: ReactNode; children: ReactNode }) {
  const id = useId();
  const help = error || extra;
  return (
    <div className={`lf-item${error ? ' lf-item-error' : ''}`}>
      <label className="lf-label" htmlFor={id}>
        {label}
      </label>
      <ItemId.Provider value={id}>{children}</ItemId.Provider>
      {help ? (
        <div className="lf-explain">
          {error ? <div role="alert" className="lf-error">{error}</div> : null}
          {extra ? <div className="lf-extra">{extra}</div> : null}
        </div>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'size'> & {
  value: string;
  onValue: (v: string) => void;
  invalid?: boolean;
};

/** A text input (antd Input, size large unless `size="middle"`). */
export function TextInput({ value, onValue, invalid, size = 'large', className, ...rest }: InputProps & { size?: ControlSize }) {
  const itemId = useContext(ItemId);
  return (
    <input
      id={itemId}
      {...rest}
      className={`lf-input${sizeClass(size)}${invalid ? ' lf-input-error' : ''}${className ? ` ${className}` : ''}`}
      value={value}
      aria-invalid={invalid || undefined}
      onChange={(e) => onValue(e.target.value)}
    />
  );
}

const EYE_OFF =
  'M942.2 486.2Q889.47 375.11 816.7 305l-50.88 50.88C807.31 395.53 843.45 447.4 874.7 512 791.5 684.2 673.4 766 512 766q-72.67 0-133.87-22.38L323 798.75Q408 838 512 838q288.3 0 430.2-300.3a60.29 60.29 0 000-51.5zm-63.57-320.64L836 122.88a8 8 0 00-11.32 0L715.31 232.2Q624.86 186 512 186q-288.3 0-430.2 300.3a60.3 60.3 0 000 51.5q56.69 119.4 136.5 191.41L112.48 835a8 8 0 000 11.31L155.17 889a8 8 0 0011.31 0l712.15-712.12a8 8 0 000-11.32zM149.3 512C232.6 339.8 350.7 258 512 258c54.54 0 104.13 9.36 149.12 28.39l-70.3 70.3a176 176 0 00-238.13 238.13l-83.42 83.42C223.1 637.49 183.3 582.28 149.3 512zm246.7 0a112.11 112.11 0 01146.2-106.69L401.31 546.2A112 112 0 01396 512z M508 624c-3.46 0-6.87-.16-10.25-.47l-52.82 52.82a176.09 176.09 0 00227.42-227.42l-52.82 52.82c.31 3.38.47 6.79.47 10.25a111.94 111.94 0 01-112 112z';
const EYE =
  'M942.2 486.2C847.4 286.5 704.1 186 512 186c-192.2 0-335.4 100.5-430.2 300.3a60.3 60.3 0 000 51.5C176.6 737.5 319.9 838 512 838c192.2 0 335.4-100.5 430.2-300.3 7.7-16.2 7.7-35 0-51.5zM512 766c-161.3 0-279.4-81.8-362.7-254C232.6 339.8 350.7 258 512 258c161.3 0 279.4 81.8 362.7 254C791.5 684.2 673.4 766 512 766zm-4-430c-97.2 0-176 78.8-176 176s78.8 176 176 176 176-78.8 176-176-78.8-176-176-176zm0 288c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z';

/** A password input with the show/hide eye of antd's Input.Password. */
export function PasswordInput({ invalid, ...rest }: InputProps) {
  const [shown, setShown] = useState(false);
  return (
    <span className={`lf-affix${invalid ? ' lf-input-error' : ''}`}>
      <TextInput {...rest} type={shown ? 'text' : 'password'} className="lf-affix-input" />
      <span
        className="lf-eye"
        role="img"
        aria-label={shown ? 'eye' : 'eye-invisible'}
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => setShown((s) => !s)}
      >
        <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true">
          <path d={shown ? EYE : EYE_OFF} />
        </svg>
      </span>
    </span>
  );
}

/** A small spinning ring (antd Spin size small). */
export function Spinner() {
  return <span className="lf-spin lf-spin-brand" aria-label="loading" role="img" />;
}

/** A segmented switch between options filling its row (antd Segmented block). */
export function Switcher<T extends string | number>({ value, options, onChange, label }: { value: T; options: Array<{ label: string; value: T }>; onChange: (v: T) => void; label: string }) {
  return (
    <div className="lf-seg" role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <label key={String(o.value)} className={`lf-seg-item${o.value === value ? ' lf-seg-on' : ''}`}>
          <input type="radio" className="lf-seg-radio" checked={o.value === value} onChange={() => onChange(o.value)} />
          <span title={o.label}>{o.label}</span>
        </label>
      ))}
    </div>
  );
}

/**
 * Centred tabs (antd Tabs) that keep their own open tab: a pane is rendered when first opened and kept
 * (hidden) afterwards, so what was typed survives a switch and a pane's captcha loads only when it is
 * opened. The bar and panes are KeyTabs'.
 */
export function Tabs({ items }: { items: Array<{ key: string; label: string; children: ReactNode }> }) {
  const [active, setActive] = useState(items[0]?.key ?? '');
  return <KeyTabs activeKey={active} onChange={setActive} items={items} align="center" />;
}
