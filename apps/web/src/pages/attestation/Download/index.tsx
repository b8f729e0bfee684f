/**
 * /attestation-all/data/download (spec p1 §2, §4, §5; issue 2 §7): filter the evidence list by date
 * range (startTime/endTime Unix seconds, end = chosen day + 86399), file type 0–5, label and
 * keyword; select rows across pages (a filter change clears the selection, issue 8 §3); batch download (hidden frames + the self-closing dialog) or
 * download everything selected as one zip.
 */
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Grid, Space, Table } from 'antd';
import { ArrowLeftOutlined, DownloadOutlined, FileZipOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { PAGE_SIZE } from '@cunzheng/contract/constants';
import { getDataList } from '../../../api/data';
import type { DataEvidence } from '../../../api/types';
import { toUnixRange } from '../../../utils/dateRange';
import { formatDateTime, formatSize } from '../../../utils/format';
import { baseColumns, fileTypeLabel } from '../shared/columns';
import { BatchDialog } from '../../../components/evidence/BatchDialog';
import { EMPTY_FILTER, EvidenceFilters, type EvidenceFilterValue } from '../../../components/evidence/EvidenceFilters';
import { useLabels } from '../shared/useLabels';
import { runBatchDownload, runZipDownload, type BatchOutcome } from './batch';
import '../../../components/evidence/evidence.css';
import { EvidencePagination } from '../../../components/evidence/EvidencePagination';
import { useFilteredSelection } from '../../../components/evidence/useFilteredSelection';

// Chinese month and weekday names in the date-range picker.
dayjs.locale('zh-cn');

export default function DownloadPage() {
  const { md } = Grid.useBreakpoint();
  const { message } = App.useApp();
  // A new filter clears the selection: nothing hidden is ever downloaded (issue 8 §3).
  const { filter, setFilter, page, setPage, selected, setSelected } = useFilteredSelection<EvidenceFilterValue>(EMPTY_FILTER);
  const [busy, setBusy] = useState<'batch' | 'zip' | null>(null);
  const [dialog, setDialog] = useState<{ count: number; zip: boolean } | null>(null);
  const labels = useLabels();

  const query = { page, limit: PAGE_SIZE.evidence, type: filter.type, label: filter.label, keyword: filter.keyword, ...toUnixRange(filter.range) };
  const list = useQuery({ queryKey: ['data/getList', query], queryFn: () => getDataList(query), placeholderData: keepPreviousData });
  const rows = list.isError ? [] : (list.data?.list ?? []);
  const count = list.isError ? 0 : (list.data?.count ?? 0);

  const closeDialog = useCallback(() => setDialog(null), []);

  const run = async (kind: 'batch' | 'zip') => {
    setBusy(kind);
    const outcome: BatchOutcome = kind === 'batch' ? await runBatchDownload(selected) : await runZipDownload(selected);
    setBusy(null);
    if (outcome.ok) setDialog({ count: outcome.count, zip: kind === 'zip' });
    else if ('warning' in outcome) void message.warning(outcome.warning);
  };

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>批量下载</h1>
          <p>按条件筛选并勾选证据，可逐个批量下载，或一键打包为压缩包下载</p>
        </div>
        <Link to="/attestation-all/data">
          <Button icon={<ArrowLeftOutlined />}>返回数据存证</Button>
        </Link>
      </div>

      <Card size="small">
        <EvidenceFilters
          value={filter}
          labels={labels}
          showDateRange
          onChange={setFilter}
        />
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
            <Button type="primary" icon={<DownloadOutlined />} loading={busy === 'batch'} onClick={() => void run('batch')}>
              批量下载
            </Button>
            <Button icon={<FileZipOutlined />} loading={busy === 'zip'} onClick={() => void run('zip')}>
              一键打包下载
            </Button>
          </Space>
        </div>
        <Table<DataEvidence>
          rowKey="id"
          columns={
            md
              ? baseColumns()
              : [
                  {
                    title: '证据',
                    key: 'mobile',
                    render: (_: unknown, r) => (
                      <div className="evidence-title">
                        <div className="evidence-title-main">{r.title || r.fileName}</div>
                        <div className="evidence-title-sub">
                          {r.baoquan} · {fileTypeLabel(r.fileType)} · {formatSize(r.size)}
                        </div>
                        <div className="evidence-title-sub">{formatDateTime(r.saveTime)}</div>
                      </div>
                    ),
                  },
                ]
          }
          dataSource={rows}
          loading={list.isFetching}
          pagination={false}
          scroll={md ? { x: 900 } : undefined}
          size={md ? 'middle' : 'small'}
          rowSelection={{
            selectedRowKeys: selected,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setSelected(keys.map(Number)),
          }}
          locale={{ emptyText: '没有符合条件的证据' }}
        />
        <EvidencePagination page={page} count={count} onChange={setPage} />
      </Card>

      <BatchDialog open={dialog !== null} count={dialog?.count ?? 0} zip={dialog?.zip ?? false} onClose={closeDialog} />
    </div>
  );
}
