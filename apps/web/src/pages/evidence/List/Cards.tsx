/**
 * The list under 768 px, for any kind: one card per row with its number (linking to the certificate)
 * and the kind's badges, its title and facts, and the row buttons (a table does not fit 375 px).
 */
import { Empty, Spin } from 'antd';
import type { EvidenceRow } from '../../../api/kinds/types';
import { BaoquanLink } from '../../../components/evidence/BaoquanLink';
import type { ListKind } from '../kinds/types';
import { RowButtons, type RowHandlers } from './RowButtons';

export function Cards({ kind, list, loading, on }: { kind: ListKind; list: EvidenceRow[]; loading: boolean; on: RowHandlers }) {
  if (!loading && list.length === 0) return <Empty description={kind.copy.empty} />;
  return (
    <Spin spinning={loading}>
      <ul className="evidence-cards">
        {list.map((r) => (
          <li key={r.id} className="evidence-card">
            <div className="evidence-card-head">
              <BaoquanLink kind={kind.id} baoquan={r.baoquan} />
              {kind.cardBadge?.(r) ?? null}
            </div>
            <div className="evidence-card-title">{kind.cardTitle(r)}</div>
            {kind.cardMeta(r)}
            <div className="evidence-card-actions">
              <RowButtons kind={kind} row={r} on={on} inTable={false} />
            </div>
          </li>
        ))}
      </ul>
    </Spin>
  );
}
