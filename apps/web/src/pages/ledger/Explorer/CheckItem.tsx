/**
 * One check of the explorer's verdict: ✓ or ✗, what was compared, and how anyone can repeat the
 * check with public tools (issue 2 §7).
 */
import type { ReactNode } from 'react';
import { CopyBlock } from './CopyBlock';
import type { HowTo } from './howto';

export interface CheckItemProps {
  ok: boolean;
  title: string;
  /** Failure reason in Chinese; hidden when ok. */
  reason?: string;
  /** Compared values. */
  children?: ReactNode;
  howTo: HowTo;
}

/** A verdict row with its explanation and a copyable script. */
export function CheckItem({ ok, title, reason, children, howTo }: CheckItemProps) {
  return (
    <section className={`lx-check ${ok ? 'lx-ok' : 'lx-bad'}`} data-testid="ledger-check" data-ok={ok ? '1' : '0'}>
      <h3 className="lx-check-title">
        <span className="lx-mark" aria-label={ok ? '通过' : '未通过'}>
          {ok ? '✓' : '✗'}
        </span>
        {title}
      </h3>
      {!ok && reason ? <div className="lx-reason">{reason}</div> : null}
      {children ? <div className="lx-values">{children}</div> : null}
      <details className="lx-howto">
        <summary>如何用公开工具自行验证</summary>
        <p>{howTo.text}</p>
        <CopyBlock text={howTo.script} />
      </details>
    </section>
  );
}

/** A label/value line inside a check, value in monospace. */
export function Value({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="lx-value">
      <span className="lx-value-label">{label}</span>
      <span className="lx-mono">{value}</span>
    </div>
  );
}
