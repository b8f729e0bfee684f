/**
 * Pieces the kind configs share for their mobile cards and their one-column download cell (what differs
 * between kinds is only which facts they list): the label tag beside a status, a capture's address line
 * under its title, the facts line, the download cell's title over its lines, and a capture's delete text.
 */
import type { ReactNode } from 'react';
import { Tag } from 'antd';

/** The label as a blue tag (nothing when there is none), then e.g. a status tag. */
export function LabelBadge({ label, children }: { label: string; children?: ReactNode }) {
  return (
    <span>
      {label ? <Tag color="blue">{label}</Tag> : null}
      {children}
    </span>
  );
}

/** Card lines: the address when it differs from the title (captures), then the facts joined by ' · '. */
export function CardMeta({ title, address, facts }: { title?: string; address?: string; facts: ReactNode[] }) {
  return (
    <>
      {address && address !== title ? <div className="evidence-card-meta web-url">{address}</div> : null}
      <div className="evidence-card-meta">{joinFacts(facts)}</div>
    </>
  );
}

/** The one cell of the download table under 768 px: the title over its lines. */
export function DownloadCell({ title, lines }: { title: ReactNode; lines: ReactNode[] }) {
  return (
    <div className="evidence-title">
      <div className="evidence-title-main">{title}</div>
      {lines.map((l, i) => (l === null || l === false || l === '' ? null : <div key={i} className="evidence-title-sub">{l}</div>))}
    </div>
  );
}

/** Facts separated by ' · ' (empty ones left out). */
export function joinFacts(facts: ReactNode[]): ReactNode[] {
  const shown = facts.filter((f) => f !== null && f !== undefined && f !== false && f !== '');
  return shown.flatMap((f, i) => (i === 0 ? [f] : [' · ', f]));
}

/** The delete confirmation of a capture-like row (web, process): the evidence stays in the ledger once saved. */
export const captureDeleteText = (name: string, saved: boolean): string =>
  saved ? `确定删除“${name}”吗？删除后该取证将从列表中移除，账本记录和保全证书仍可查询。` : `确定删除“${name}”的取证记录吗？`;
