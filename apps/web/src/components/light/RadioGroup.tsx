/**
 * Radio groups for pages without antd (issue 16): antd Radio.Group's two looks — `buttons` (optionType
 * "button": joined outlined buttons, the chosen one blue) and plain round radios with labels. Native
 * radio inputs, so arrows and Space work as usual. Styles in widgets.css.
 */
import { useId } from 'react';
import './widgets.css';

/** One group; `label` names it for screen readers. */
export function RadioGroup<T extends string>({ value, options, onChange, label, buttons }: { value: T; options: Array<{ value: T; label: string }>; onChange: (v: T) => void; label: string; buttons?: boolean }) {
  const name = useId();
  return (
    <div className={buttons ? 'lf-radio-buttons' : 'lf-radios'} role="radiogroup" aria-label={label}>
      {options.map((o) => (
        <label key={o.value} className={`lf-radio${o.value === value ? ' lf-radio-on' : ''}`}>
          <input type="radio" name={name} className="lf-radio-input" checked={o.value === value} onChange={() => onChange(o.value)} />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}
