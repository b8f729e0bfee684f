/**
 * Tabs whose open pane is chosen by the caller (antd Tabs with activeKey/onChange, left-aligned), for
 * pages without antd that keep the tab in the address (e.g. /verify?tab=hash). Like antd's, a pane is
 * rendered when first opened and kept (hidden) afterwards, so what was typed or computed in it survives
 * a switch. The look is antd's Tabs (keytabs.css), starting at the left unless `align="center"`.
 */
import { useId, useState, type ReactNode } from 'react';
import './keytabs.css';

export interface KeyTab<K extends string> {
  key: K;
  /** The tab's label; a node (e.g. a long and a short label switched by CSS at a breakpoint). */
  label: ReactNode;
  children: ReactNode;
}

/** Tab bar and panes; `onChange` gets the key of the tab clicked; `align` places the bar (default: left, like antd's). */
export function KeyTabs<K extends string>({ activeKey, onChange, items, align = 'start' }: { activeKey: K; onChange: (key: K) => void; items: Array<KeyTab<K>>; align?: 'start' | 'center' }) {
  const [opened, setOpened] = useState<K[]>([activeKey]);
  if (!opened.includes(activeKey)) setOpened([...opened, activeKey]);
  const id = useId();
  return (
    <div className={align === 'start' ? 'lf-tabs lf-tabs-start' : 'lf-tabs'}>
      <div className="lf-tabs-nav" role="tablist">
        {items.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`${id}-tab-${t.key}`}
            aria-selected={t.key === activeKey}
            aria-controls={`${id}-panel-${t.key}`}
            className={`lf-tab${t.key === activeKey ? ' lf-tab-on' : ''}`}
            onClick={() => t.key !== activeKey && onChange(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {items.map((t) =>
        opened.includes(t.key) || t.key === activeKey ? (
          <div key={t.key} role="tabpanel" id={`${id}-panel-${t.key}`} aria-labelledby={`${id}-tab-${t.key}`} hidden={t.key !== activeKey}>
            {t.children}
          </div>
        ) : null,
      )}
    </div>
  );
}
