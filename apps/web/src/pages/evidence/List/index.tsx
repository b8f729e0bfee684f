/**
 * THE evidence list of every kind (issue 11 §1): /attestation-all/data (data deposits, spec p1 §2, §7),
 * /evidences-all/web (web captures, issue 4 §2–3) and the coming process kinds, each route passing its
 * kind id. Everything kind-specific comes from the kind's `ListKind` (pages/evidence/kinds/) and its
 * `KindApi` (src/api/kinds/); paths from the contract registry (`EVIDENCE_KIND[id].routes`).
 *
 * The page: title and intro, 批量下载 (to the kind's download page) and 新建 (to its create page), the
 * kind's block above the list (data: the upload panel), the filter bar (kind select, label, keyword,
 * date range per kind), the table (≥ 768 px) or cards, 20 per page (EvidencePagination), label editing,
 * delete after 提示, download, the kind's detail drawer; a list with rows still changing refreshes itself.
 *
 * How to add a kind: see pages/evidence/kinds/types.ts.
 */
import { Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Grid, Space, Table } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { EVIDENCE_KIND } from '@cunzheng/contract/evidenceKinds';
import type { EvidenceRow } from '../../../api/kinds/types';
import { EvidenceFilters, type EvidenceFilterValue } from '../../../components/evidence/EvidenceFilters';
import { EvidencePagination } from '../../../components/evidence/EvidencePagination';
import { LabelEditor } from '../../../components/evidence/LabelEditor';
import { kindRoute } from '../KindRoute';
import type { ListKind } from '../kinds/types';
import { labelsKey, useKindLabels, useKindList } from '../useKindList';
import { Cards } from './Cards';
import { RowButtons, type RowHandlers } from './RowButtons';
import { useRowActions } from './useRowActions';
import '../../../components/evidence/evidence.css';

// Chinese month and weekday names in the date-range picker.
dayjs.locale('zh-cn');

/** The list of one kind (the route passes the kind id). */
export default kindRoute(KindList);

function KindList({ kind }: { kind: ListKind }) {
  const id = kind.id;
  const routes = EVIDENCE_KIND[id].routes;
  const { md } = Grid.useBreakpoint();
  const [filter, setFilter] = useState<EvidenceFilterValue>(kind.filters.empty);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<EvidenceRow | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  // The drawer stays mounted after its first opening so its closing animation can run.
  const [detailUsed, setDetailUsed] = useState(false);
  const qc = useQueryClient();

  const { rows, count, loading } = useKindList(kind, filter, page, 'list');
  const labels = useKindLabels(kind, rows);

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: [kind.api.keys.list] });
    if (kind.api.labels) void qc.invalidateQueries({ queryKey: labelsKey(kind.api) });
    for (const key of kind.alsoRefresh ?? []) void qc.invalidateQueries({ queryKey: [key] });
  };
  const actions = useRowActions(kind, refresh);
  const openDetail = (r: EvidenceRow) => {
    setDetailUsed(true);
    setDetail(r.id);
  };
  const on: RowHandlers = { detail: openDetail, download: actions.download, editLabel: setEditing, remove: actions.remove };

  const columns: ColumnsType<EvidenceRow> = [
    ...kind.columns({ purpose: 'list', editLabel: setEditing }),
    {
      title: '操作',
      key: 'actions',
      width: kind.actionsWidth,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <RowButtons kind={kind} row={r} on={on} inTable />
        </Space>
      ),
    },
  ];
  const { Top, Detail } = kind;

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>{kind.copy.title}</h1>
          <p>{kind.copy.intro}</p>
        </div>
        <Space wrap>
          <Link to={routes.download}>
            <Button icon={<DownloadOutlined />}>批量下载</Button>
          </Link>
          {kind.create && routes.create ? (
            <Link to={routes.create}>
              <Button type="primary" icon={<PlusOutlined />}>
                {kind.create}
              </Button>
            </Link>
          ) : null}
        </Space>
      </div>

      {Top ? (
        <Suspense fallback={null}>
          <Top
            labels={labels}
            onDone={() => {
              setPage(1);
              refresh();
            }}
          />
        </Suspense>
      ) : null}

      <Card title={`${kind.copy.listTitle}（${count}）`} size="small" className="evidence-list-card">
        <EvidenceFilters
          {...kind.filters.list}
          value={filter}
          labels={labels}
          empty={kind.filters.empty}
          onChange={(v) => {
            setFilter(v);
            setPage(1);
          }}
        />
        {md ? (
          <Table<EvidenceRow>
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={loading}
            pagination={false}
            scroll={{ x: 1100 }}
            size="middle"
            locale={{ emptyText: kind.copy.empty }}
          />
        ) : (
          <Cards kind={kind} list={rows} loading={loading} on={on} />
        )}
        <EvidencePagination page={page} count={count} onChange={setPage} />
      </Card>

      <LabelEditor
        target={editing ? { name: kind.nameOf(editing), label: editing.label } : null}
        labels={labels}
        save={(label) => kind.api.saveLabel(editing?.id ?? 0, label)}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      {Detail && detailUsed ? (
        <Suspense fallback={null}>
          <Detail id={detail} onClose={() => setDetail(null)} onDownload={(rowId) => void actions.downloadId(rowId)} />
        </Suspense>
      ) : null}
    </div>
  );
}
