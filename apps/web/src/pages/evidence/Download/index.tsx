/**
 * THE batch-download page of every kind (issue 11 §1; spec p1 §2, §4, §5; p2 §2 "download pages"):
 * /attestation-all/data/download, /evidences-all/web/download and the coming process kinds' pages,
 * each route passing its kind id. Filter the kind's downloadable rows (date range, the kind's select,
 * label, keyword); select rows across pages (a filter change clears the selection, issue 8 §3 —
 * useFilteredSelection); the kind's batch buttons (one URL per file in hidden frames, or one zip), then
 * the dialog that closes itself after 5 s.
 *
 * How to add a kind: see pages/evidence/kinds/types.ts.
 */
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Grid, Space, Table } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { EVIDENCE_KIND } from '@cunzheng/contract/evidenceKinds';
import type { EvidenceRow } from '../../../api/kinds/types';
import { BatchDialog } from '../../../components/evidence/BatchDialog';
import { EvidenceFilters, type EvidenceFilterValue } from '../../../components/evidence/EvidenceFilters';
import { EvidencePagination } from '../../../components/evidence/EvidencePagination';
import { useFilteredSelection } from '../../../components/evidence/useFilteredSelection';
import { kindRoute } from '../KindRoute';
import type { DownloadButton, ListKind } from '../kinds/types';
import { useKindLabels, useKindList } from '../useKindList';
import { runBatch } from './batch';
import '../../../components/evidence/evidence.css';

// Chinese month and weekday names in the date-range picker.
dayjs.locale('zh-cn');

/** The download page of one kind (the route passes the kind id). */
export default kindRoute(KindDownload);

function KindDownload({ kind }: { kind: ListKind }) {
  const id = kind.id;
  const { md } = Grid.useBreakpoint();
  const { message } = App.useApp();
  // A new filter clears the selection: nothing hidden is ever downloaded (issue 8 §3).
  const { filter, setFilter, page, setPage, selected, setSelected } = useFilteredSelection<EvidenceFilterValue>(kind.filters.empty);
  const [busy, setBusy] = useState<DownloadButton['use'] | null>(null);
  const [dialog, setDialog] = useState<{ count: number; zip: boolean } | null>(null);
  const { rows, count, loading } = useKindList(kind, filter, page, 'download');
  const labels = useKindLabels(kind, rows);
  const closeDialog = useCallback(() => setDialog(null), []);

  const run = async (use: DownloadButton['use']) => {
    setBusy(use);
    const outcome = await runBatch(kind.api.batch, use, selected);
    setBusy(null);
    if (outcome.ok) setDialog({ count: outcome.count, zip: use === 'zip' });
    else if ('warning' in outcome) void message.warning(outcome.warning);
  };

  const mobileColumns: ColumnsType<EvidenceRow> = [{ title: kind.copy.mobileColumn, key: 'mobile', render: (_: unknown, r) => kind.downloadCell(r) }];

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>批量下载</h1>
          <p>{kind.copy.downloadIntro}</p>
        </div>
        <Link to={EVIDENCE_KIND[id].routes.list}>
          <Button icon={<ArrowLeftOutlined />}>{kind.copy.back}</Button>
        </Link>
      </div>

      <Card size="small">
        <EvidenceFilters {...kind.filters.download} value={filter} labels={labels} empty={kind.filters.empty} onChange={setFilter} />
        <div className="download-bar">
          <span>
            已选择 <strong>{selected.length}</strong> 项
            {selected.length > 0 ? (
              <Button type="link" size="small" onClick={() => setSelected([])}>
                清空
              </Button>
            ) : null}
          </span>
          <Space wrap>
            {kind.downloads.map((b) => (
              <Button key={b.use} type={b.primary ? 'primary' : 'default'} icon={b.icon} loading={busy === b.use} onClick={() => void run(b.use)}>
                {b.label}
              </Button>
            ))}
          </Space>
        </div>
        <Table<EvidenceRow>
          rowKey="id"
          columns={md ? kind.columns({ purpose: 'download', editLabel: () => {} }) : mobileColumns}
          tableLayout={md ? undefined : 'fixed'}
          dataSource={rows}
          loading={loading}
          pagination={false}
          scroll={md ? { x: 900 } : undefined}
          size={md ? 'middle' : 'small'}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(Number)),
          }}
          locale={{ emptyText: kind.copy.downloadEmpty }}
        />
        <EvidencePagination page={page} count={count} onChange={setPage} />
      </Card>

      <BatchDialog open={dialog !== null} count={dialog?.count ?? 0} zip={dialog?.zip ?? false} onClose={closeDialog} />
    </div>
  );
}
