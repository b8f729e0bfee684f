/**
 * A hex hash in a table cell: the first 10 characters, the whole value in a tooltip and a copy
 * button (evidence tables: SHA-256 of a file or package, spec p1 §3).
 */
import { Tooltip, Typography } from 'antd';

/** Renders `h` shortened with tooltip and copy; '-' when empty. */
export function HashCell({ hash }: { hash: string }) {
  if (!hash) return <span className="muted">-</span>;
  return (
    <Tooltip title={hash} placement="topLeft">
      <Typography.Text className="mono" copyable={{ text: hash, tooltips: ['复制', '已复制'] }}>
        {`${hash.slice(0, 10)}…`}
      </Typography.Text>
    </Tooltip>
  );
}
