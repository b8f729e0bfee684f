/**
 * A button of the certificate's action column (issue 16: the first screen of a certificate loads no antd):
 * the light controls' button (components/light/button.css, taken into certificate.css) at antd's default
 * size, filling its cell, with antd's loading state and its space between two Chinese characters
 * (分享 → 分 享). It renders the classes itself rather than importing controls.tsx, whose chunk and
 * stylesheet would be two more requests before the certificate paints (Lighthouse LCP +0.3 s measured).
 */
export interface ActionButtonProps {
  /** `primary`: filled in the brand colour (antd type="primary"); default: outlined. */
  primary?: boolean;
  /** Shows a spinner before the label and ignores clicks (antd `loading`). */
  loading?: boolean;
  onClick?: () => void;
  children: string;
}

/** A label of exactly two Chinese characters gets antd's space between them; anything else is unchanged. */
export const spacedLabel = (label: string) => (/^[\u4e00-\u9fa5]{2}$/.test(label) ? `${label[0]} ${label[1]}` : label);

/** A full-width button of size middle (the light Button with `size="middle" block`). */
export function ActionButton({ primary = false, loading = false, onClick, children }: ActionButtonProps) {
  const cls = `lf-btn lf-middle lf-btn-block${primary ? ' lf-btn-primary' : ''}${loading ? ' lf-btn-loading' : ''}`;
  return (
    <button type="button" className={cls} aria-busy={loading || undefined} onClick={loading ? undefined : onClick}>
      {loading ? <span className="lf-spin" aria-hidden="true" /> : null}
      <span>{spacedLabel(children)}</span>
    </button>
  );
}
