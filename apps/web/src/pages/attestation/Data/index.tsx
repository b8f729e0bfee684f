/**
 * /attestation-all/data (spec p1 §2, §7; issue 2 §7): deposit files with upload progress, and the
 * user's evidence list (GET /api/data/getList, 20 per page) filtered by type, label and keyword,
 * with label editing, download and delete; each row links to its certificate /attestation/{baoquan}.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Grid, Space, Table, Tag } from 'antd';
import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnsType } from 'antd/es/table';
import { PAGE_SIZE } from '@cunzheng/contract/constants';
import { getDataList, saveLabel } from '../../../api/data';
import type { DataEvidence } from '../../../api/types';
import { certificatePath, baseColumns } from '../shared/columns';
import { EMPTY_FILTER, EvidenceFilters, type EvidenceFilterValue } from '../../../components/evidence/EvidenceFilters';
import { LabelEditor } from '../../../components/evidence/LabelEditor';
import { LABELS_KEY, useLabels } from '../shared/useLabels';
import { EvidenceCards } from './EvidenceCards';
import { UploadPanel } from './UploadPanel';
import { useEvidenceActions } from './useEvidenceActions';
import '../../../components/evidence/evidence.css';
import { EvidencePagination } from '../../../components/evidence/EvidencePagination';

export const DATA_LIST_KEY = 'data/getList';

export default function DataPage() {
  const { md } = Grid.useBreakpoint();
  const [filter, setFilter] = useState<EvidenceFilterValue>(EMPTY_FILTER);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<DataEvidence | null>(null);
  const labels = useLabels();
  const qc = useQueryClient();

  const query = { page, limit: PAGE_SIZE.evidence, type: filter.type, label: filter.label, keyword: filter.keyword };
  const list = useQuery({ queryKey: [DATA_LIST_KEY, query], queryFn: () => getDataList(query), placeholderData: keepPreviousData });
  const rows = list.isError ? [] : (list.data?.list ?? []);
  const count = list.isError ? 0 : (list.data?.count ?? 0);

  const refresh = () => {
    void qc.invalidateQueries({ queryKey: [DATA_LIST_KEY] });
    void qc.invalidateQueries({ queryKey: LABELS_KEY });
    void qc.invalidateQueries({ queryKey: ['user/info'] });
  };
  const actions = useEvidenceActions(refresh);
  const rowActions = { ...actions, editLabel: setEditing };

  const columns: ColumnsType<DataEvidence> = [
    ...baseColumns(),
    {
      title: '标签',
      dataIndex: 'label',
      width: 130,
      render: (l: string, r) => (
        <Space size={4}>
          {l ? <Tag color="blue">{l}</Tag> : <span className="muted">无</span>}
          <Button type="text" size="small" icon={<EditOutlined />} aria-label="编辑标签" onClick={() => setEditing(r)} />
        </Space>
      ),
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      fixed: 'right',
      render: (_: unknown, r) => (
        <Space size={0}>
          <Link to={certificatePath(r.baoquan)}>
            <Button type="link" size="small">
              证书
            </Button>
          </Link>
          <Button type="link" size="small" onClick={() => void actions.download(r)}>
            下载
          </Button>
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
          <h1>数据存证</h1>
          <p>上传文件即生成保全证书，文件指纹写入公开账本</p>
        </div>
        <Link to="/attestation-all/data/download">
          <Button icon={<DownloadOutlined />}>批量下载</Button>
        </Link>
      </div>

      <UploadPanel
        labels={labels}
        onUploaded={() => {
          setPage(1);
          refresh();
        }}
      />

      <Card title={`我的存证（${count}）`} size="small" className="evidence-list-card">
        <EvidenceFilters
          value={filter}
          labels={labels}
          onChange={(v) => {
            setFilter(v);
            setPage(1);
          }}
        />
        {md ? (
          <Table<DataEvidence>
            rowKey="id"
            columns={columns}
            dataSource={rows}
            loading={list.isFetching}
            pagination={false}
            scroll={{ x: 1100 }}
            size="middle"
            locale={{ emptyText: '暂无存证，上传文件即可开始' }}
          />
        ) : (
          <EvidenceCards list={rows} loading={list.isFetching} actions={{ ...rowActions, download: (r) => void actions.download(r) }} />
        )}
        <EvidencePagination page={page} count={count} onChange={setPage} />
      </Card>

      <LabelEditor
        target={editing ? { name: editing.title || editing.fileName, label: editing.label } : null}
        labels={labels}
        save={(label) => saveLabel(editing?.id ?? 0, label)}
        onClose={() => setEditing(null)}
        onSaved={refresh}
      />
    </div>
  );
}
