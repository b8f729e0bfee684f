/**
 * The buttons of one row, the same in the table's 操作 column and on a mobile card: 详情 (kinds with a
 * detail drawer), then — once the row has a certificate — 证书, 下载 and 标签 (the table leaves 标签 to
 * a kind's label column), and 删除.
 */
import { Link } from 'react-router';
import { Button } from 'antd';
import { certificatePath } from '@cunzheng/contract/evidenceKinds';
import type { EvidenceRow } from '../../../api/kinds/types';
import type { ListKind } from '../kinds/types';

/** What the buttons do (the page's handlers). */
export interface RowHandlers {
  detail: (r: EvidenceRow) => void;
  download: (r: EvidenceRow) => void;
  editLabel: (r: EvidenceRow) => void;
  remove: (r: EvidenceRow) => void;
}

export function RowButtons({ kind, row, on, inTable }: { kind: ListKind; row: EvidenceRow; on: RowHandlers; inTable: boolean }) {
  const ready = kind.isReady(row);
  return (
    <>
      {kind.Detail ? (
        <Button type="link" size="small" onClick={() => on.detail(row)}>
          详情
        </Button>
      ) : null}
      {ready ? (
        <>
          <Link to={certificatePath(kind.id, row.baoquan)}>
            <Button type="link" size="small">
              证书
            </Button>
          </Link>
          <Button type="link" size="small" onClick={() => on.download(row)}>
            下载
          </Button>
          {inTable && kind.labelColumn ? null : (
            <Button type="link" size="small" onClick={() => on.editLabel(row)}>
              标签
            </Button>
          )}
        </>
      ) : null}
      <Button type="link" size="small" danger onClick={() => on.remove(row)}>
        删除
      </Button>
    </>
  );
}
