/**
 * A button of the certificate's action column (issue 16: the first screen of a certificate loads no antd):
 * the plain Button of components/light at antd's default size (middle), filling its cell of the column,
 * with antd's loading state and its space between two Chinese characters (分享 → 分 享).
 */
import { Button } from '../../../components/light/controls';

export interface ActionButtonProps {
  /** `primary`: filled in the brand colour (antd type="primary"); default: outlined. */
  primary?: boolean;
  /** Shows a spinner before the label and ignores clicks (antd `loading`). */
  loading?: boolean;
  onClick?: () => void;
  children: string;
}

/** A full-width button of size middle in the action column. */
export function ActionButton({ primary = false, loading = false, onClick, children }: ActionButtonProps) {
  return (
    <Button size="middle" block primary={primary} loading={loading} onClick={onClick}>
      {children}
    </Button>
  );
}
