/**
 * /evidences-all/web — 我的网页取证 (spec p2 §2; issue 4 §2–3): the user's web captures
 * (POST /api/webforlist/webList, 20 per page) filtered by date range (startTime/endTime, end = chosen
 * day + 86399), status, label and keyword; labels, delete (confirm 提示), WACZ download, the detail
 * drawer (clickWebFor: artefacts with size and SHA-256) and a link to batch download. While a capture
 * on the page is queued or running the list refreshes every 2 s.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Grid, Space, Table } from 'antd';
import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { PAGE_SIZE } from '@cunzheng/contract/constants';
import { WEB_STATUS_POLL_MS } from '@cunzheng/contract/forensics';
import { getWebList, saveWebLabel, type WebItem } from '../../../api/forensics';
import { EvidenceFilters, type EvidenceFilterValue } from '../../../components/evidence/EvidenceFilters';
import { LabelEditor } from '../../../components/evidence/LabelEditor';
import { isCaptureActive, webCertificatePath } from '../../../components/evidence/web';
import { webBaseColumns } from '../shared/columns';
import { EMPTY_WEB_FILTER, STATUS_OPTIONS, useSeenLabels, webListQuery } from '../shared/filters';
import { DetailDrawer } from './DetailDrawer';
import { WebCards } from './WebCards';
import { useWebActions } from './useWebActions';
import '../../../components/evidence/evidence.css';
import '../shared/web.css';
import { EvidencePagination } from '../../../components/evidence/EvidencePagination';

// Chinese month and weekday names in the date-range picker.
dayjs.locale('zh-cn');

export const WEB_LIST_KEY = 'webforlist/webList';
const EMPTY_TEXT = '暂无网页取证，点击“新建取证”开始';

export default function WebListPage() {
  const { md } = Grid.useBreakpoint();
  const [filter, setFilter] = useState<EvidenceFilterValue>(EMPTY_WEB_FILTER);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<WebItem | null>(null);
  const [detail, setDetail] = useState<number | null>(null);
  const qc = useQueryClient();

  const query = webListQuery(filter, page, PAGE_SIZE.evidence);
  const list = useQuery({
    queryKey: [WEB_LIST_KEY, query],
    queryFn: () => getWebList(query),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.list.some((r) => isCaptureActive(r.status)) ? WEB_STATUS_POLL_MS : false),
  });
  const rows = list.isError ? [] : (list.data?.list ?? []);
  const count = list.isError ? 0 : (list.data?.count ?? 0);
  const labels = useSeenLabels(rows);

  const refresh = () => void qc.invalidateQueries({ queryKey: [WEB_LIST_KEY] });
  const actions = useWebActions(refresh);
  const rowActions = { ...actions, download: (r: WebItem) => void actions.download(r), detail: (r: WebItem) => setDetail(r.id), editLabel: setEditing };

  const columns: ColumnsType<WebItem> = [
    ...webBaseColumns({ status: true, label: true }),
    {
      title: '操作',
      key: 'actions',
      width: 250,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDetail(r.id)}>
            详情
          </Button>
          {r.status === 2 ? (
            <>
              <Link to={webCertificatePath(r.baoquan)}>
                <Button type="link" size="small">
                  证书
                </Button>
              </Link>
              <Button type="link" size="small" onClick={() => void actions.download(r)}>
                下载
              </Button>
              <Button type="link" size="small" onClick={() => setEditing(r)}>
                标签
              </Button>
            </>
          ) : null}
          <Button type="link" size="small" danger onClick={() => actions.remove(r)}>
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>网页取证</h1>
          <p>平台服务器完整保存网页（截图、快照、网络请求与证书链），证据包指纹写入公开账本</p>
        </div>
        <Space wrap>
          <Link to="/evidences-all/web/download">
            <Button icon={<DownloadOutlined />}>批量下载</Button>
          </Link>
          <Link to="/newWeb">
            <Button type="primary" icon={<PlusOutlined />}>
              新建取证
            </Button>
          </Link>
        </Space>
      </div>

      <Card title={`我的网页取证（${count}）`} size="small" className="evidence-list-card">
        <EvidenceFilters
          value={filter}
          labels={labels}
          showDateRange
          typeOptions={STATUS_OPTIONS}
          typeLabel="取证状态"
          keywordPlaceholder="搜索标题、网址或保全号"
          empty={EMPTY_WEB_FILTER}
          onChange={(v) => {
            setFilter(v);
            setPage(1);
          }}
        />
        {md ? (
          <Table<WebItem>
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={list.isFetching && (list.isPending || list.isPlaceholderData)}
            pagination={false}
            scroll={{ x: 1100 }}
            size="middle"
            locale={{ emptyText: EMPTY_TEXT }}
          />
        ) : (
          <WebCards list={rows} loading={list.isFetching && (list.isPending || list.isPlaceholderData)} actions={rowActions} empty={EMPTY_TEXT} />
        )}
        <EvidencePagination page={page} count={count} onChange={setPage} />
      </Card>

      <LabelEditor
        target={editing ? { name: editing.title || editing.url, label: editing.label } : null}
        labels={labels}
        save={(label) => saveWebLabel(editing?.id ?? 0, label)}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
      <DetailDrawer id={detail} onClose={() => setDetail(null)} onDownload={(id) => void actions.download({ id, status: 2 })} />
    </div>
  );
}
