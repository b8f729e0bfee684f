/**
 * /evidences-all/web/download — batch download of web evidence (spec p1 §2, §4, §5 batch download;
 * p2 §2 "download pages for web"; issue 4 §2): the done captures filtered by date range, label and
 * keyword; rows selected across pages (a filter change clears them, issue 8 §3); 批量下载 asks GET /down/downloadBatch?ids= for one zip of the
 * WACZ packages, opens it in a hidden frame and shows the dialog that closes itself after 5 s.
 * Nothing selected → 请选择需要下载的证据; the server's 无下载文件 is toasted by the wrapper.
 */
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Grid, Table } from 'antd';
import { ArrowLeftOutlined, FileZipOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { PAGE_SIZE } from '@cunzheng/contract/constants';
import { getWebList, type WebItem } from '../../../api/forensics';
import { BatchDialog } from '../../../components/evidence/BatchDialog';
import { EvidenceFilters, type EvidenceFilterValue } from '../../../components/evidence/EvidenceFilters';
import { formatDateTime, formatSize } from '../../../utils/format';
import { BaoquanCell, shownAddress, webBaseColumns } from '../shared/columns';
import { EMPTY_WEB_FILTER, useSeenLabels, webListQuery } from '../shared/filters';
import { runWebBatchDownload } from './batch';
import '../../../components/evidence/evidence.css';
import '../shared/web.css';
import { EvidencePagination } from '../../../components/evidence/EvidencePagination';
import { useFilteredSelection } from '../../../components/evidence/useFilteredSelection';

dayjs.locale('zh-cn');

/** Only done captures can be downloaded. */
const DONE = 2;

export default function WebDownloadPage() {
  const { md } = Grid.useBreakpoint();
  const { message } = App.useApp();
  // A new filter clears the selection: nothing hidden is ever downloaded (issue 8 §3).
  const { filter, setFilter, page, setPage, selected, setSelected } = useFilteredSelection<EvidenceFilterValue>(EMPTY_WEB_FILTER);
  const [busy, setBusy] = useState(false);
  const [dialog, setDialog] = useState<number | null>(null);

  const query = webListQuery(filter, page, PAGE_SIZE.evidence, DONE);
  const list = useQuery({ queryKey: ['webforlist/webList', query], queryFn: () => getWebList(query), placeholderData: keepPreviousData });
  const rows = list.isError ? [] : (list.data?.list ?? []);
  const count = list.isError ? 0 : (list.data?.count ?? 0);
  const labels = useSeenLabels(rows);
  const closeDialog = useCallback(() => setDialog(null), []);

  const run = async () => {
    setBusy(true);
    const r = await runWebBatchDownload(selected);
    setBusy(false);
    if (r.ok) setDialog(selected.length);
    else if (r.warning) void message.warning(r.warning);
  };

  const mobileColumns: ColumnsType<WebItem> = [
    {
      title: '网页取证',
      key: 'mobile',
      render: (_: unknown, r) => (
        <div className="evidence-title">
          <div className="evidence-title-main">{r.title || r.url}</div>
          {shownAddress(r) !== r.title ? <div className="evidence-title-sub">{shownAddress(r)}</div> : null}
          <div className="evidence-title-sub">
            <BaoquanCell row={r} />
          </div>
          <div className="evidence-title-sub">
            {formatSize(r.size)} · {formatDateTime(r.saveTime)}
          </div>
        </div>
      ),
    },
  ];

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>批量下载</h1>
          <p>按条件筛选并勾选已完成的网页取证，打包下载其证据包（WACZ）</p>
        </div>
        <Link to="/evidences-all/web">
          <Button icon={<ArrowLeftOutlined />}>返回网页取证</Button>
        </Link>
      </div>

      <Card size="small">
        <EvidenceFilters
          value={filter}
          labels={labels}
          showDateRange
          typeOptions={[]}
          keywordPlaceholder="搜索标题、网址或保全号"
          empty={EMPTY_WEB_FILTER}
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
          <Button type="primary" icon={<FileZipOutlined />} loading={busy} onClick={() => void run()}>
            批量下载
          </Button>
        </div>
        <Table<WebItem>
          rowKey="id"
          columns={md ? webBaseColumns({ size: true }) : mobileColumns}
          tableLayout={md ? undefined : 'fixed'}
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
          locale={{ emptyText: '没有可下载的网页取证' }}
        />
        <EvidencePagination page={page} count={count} onChange={setPage} />
      </Card>

      <BatchDialog open={dialog !== null} count={dialog ?? 0} zip onClose={closeDialog} />
    </div>
  );
}
