/**
 * A certificate number linking to its kind's public certificate page (path from the contract's
 * evidence-kind registry), or a dash while there is none yet (a queued or failed capture).
 */
import { Link } from 'react-router';
import type { EvidenceKind } from '@cunzheng/contract/constants';
import { certificatePath } from '@cunzheng/contract/evidenceKinds';

export function BaoquanLink({ kind, baoquan }: { kind: EvidenceKind; baoquan: string }) {
  if (!baoquan) return <span className="muted">—</span>;
  return (
    <Link to={certificatePath(kind, baoquan)} className="mono-link">
      {baoquan}
    </Link>
  );
}
