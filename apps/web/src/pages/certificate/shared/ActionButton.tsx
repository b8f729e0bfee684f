/**
 * The certificate page's buttons without antd (issue 16: the first screen of a certificate loads no
 * antd): a plain `<button>` styled like antd's default / primary Button (certificate.css `.cert-btn`),
 * with antd's loading state (spinner before the label, clicks ignored) and antd's space between two
 * Chinese characters (分享 → 分 享), so the page looks as it did.
 */
import type { ReactNode } from 'react';

export interface ActionButtonProps {
  /** `primary`: filled in the brand colour (antd type="primary"); default: outlined. */
  primary?: boolean;
  /** Shows a spinner before the label and ignores clicks (antd `loading`). */
  loading?: boolean;
  onClick?: () => void;
  children: ReactNode;
}

const TWO_CJK = /^[\u4e00-\u9fa5]{2}$/;

/** A label of exactly two Chinese characters gets antd's space between them; anything else is unchanged. */
export function spacedLabel(label: ReactNode): ReactNode {
  return typeof label === 'string' && TWO_CJK.test(label) ? `${label[0]} ${label[1]}` : label;
}

/** A plain button that looks like antd's Button (size middle). */
export function ActionButton({ primary = false, loading = false, onClick, children }: ActionButtonProps) {
  const cls = `cert-btn${primary ? ' cert-btn-primary' : ''}${loading ? ' cert-btn-loading' : ''}`;
  return (
    <button type="button" className={cls} aria-busy={loading || undefined} onClick={loading ? undefined : onClick}>
      {loading ? <span className="cert-btn-spin" aria-hidden="true" /> : null}
      <span>{spacedLabel(children)}</span>
    </button>
  );
}
