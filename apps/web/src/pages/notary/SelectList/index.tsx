/**
 * /notary/selectList 选择公证证据 (issue 15 §1; spec p2 §2): the caller's evidence of every kind (data, web,
 * process, app, music) from GET /api/evidences/other, filtered by keyword and evidence type, selected across
 * pages (at most 50); 下一步 creates the order (gated by p2 §6) and opens its applicationForm step.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PAGE_SIZE } from '@cunzheng/contract/constants';
import { EVIDENCE_KIND_DEFS } from '@cunzheng/contract/evidenceKinds';
import { MSG, UI } from '@cunzheng/contract/messages';
import { NOTARY_MAX_EVIDENCE, type TNotaryEvidenceRow } from '@cunzheng/contract/notary';
import { createNotary, eligibleEvidence } from '../../../api/notary';
import { ApiError } from '../../../api/request';
import { formatDateTime, formatSize } from '../../../utils/format';
import { stepPath } from '../common';

const TYPES = [{ value: 0, label: '全部类型' }, ...[...new Map(EVIDENCE_KIND_DEFS.map((d) => [d.evidenceType, d.name])).entries()].map(([v, l]) => ({ value: v, label: l }))];

export default function NotarySelectListPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [evidenceType, setEvidenceType] = useState(0);
  const [applied, setApplied] = useState<{ keyword?: string; evidenceType: number }>({ evidenceType: 0 });
  const [page, setPage] = useState(1);
  const [picked, setPicked] = useState<Map<number, TNotaryEvidenceRow>>(new Map());
  const [busy, setBusy] = useState(false);
  const q = { ...applied, page };
  const list = useQuery({ queryKey: ['evidences/other', q], queryFn: () => eligibleEvidence(q) });

  const next = async () => {
    if (picked.size === 0) {
      void message.warning(MSG.NOTARY_EVIDENCE_REQUIRED);
      return;
    }
    if (picked.size > NOTARY_MAX_EVIDENCE) {
      void message.warning(MSG.NOTARY_EVIDENCE_TOO_MANY);
      return;
    }
    setBusy(true);
    try {
      const r = await createNotary([...picked.keys()]);
      void navigate(stepPath(1, r.orderId, r.type));
    } catch (e) {
      const to = e instanceof ApiError ? (e.data as { redirect?: string } | null)?.redirect : undefined;
      if (to) void navigate(to);
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnsType<TNotaryEvidenceRow> = [
    { title: '保全号', dataIndex: 'baoquan', width: 200 },
    { title: '名称', dataIndex: 'title', ellipsis: true },
    { title: '类型', dataIndex: 'kind', width: 110, render: (k: string) => <Tag>{EVIDENCE_KIND_DEFS.find((d) => d.id === k)?.name ?? k}</Tag> },
    { title: '大小', dataIndex: 'size', width: 100, render: (v: number) => formatSize(v) },
    { title: '保全时间', dataIndex: 'saveTime', width: 170, render: (v: number) => formatDateTime(v) },
  ];

  return (
    <div className="page">
      <Card title="选择公证证据" extra={<Button onClick={() => void navigate('/notary')}>{UI.BACK}</Button>}>
        <Space wrap style={{ marginBottom: 16 }}>
          <Input aria-label="关键词" placeholder="保全号/名称" allowClear maxLength={50} value={keyword} onChange={(e) => setKeyword(e.target.value)} style={{ width: 200 }} />
          <Select aria-label="证据类型" style={{ width: 140 }} value={evidenceType} onChange={setEvidenceType} options={TYPES} />
          <Button type="primary" onClick={() => { setApplied({ keyword: keyword.trim() || undefined, evidenceType }); setPage(1); }}>查询</Button>
        </Space>
        <Table<TNotaryEvidenceRow>
          rowKey="id"
          size="middle"
          scroll={{ x: 800 }}
          loading={list.isPending}
          columns={columns}
          dataSource={list.isError ? [] : (list.data?.list ?? [])}
          locale={{ emptyText: MSG.NO_DATA }}
          rowSelection={{
            preserveSelectedRowKeys: true,
            selectedRowKeys: [...picked.keys()],
            onChange: (keys, rows) => {
              const m = new Map<number, TNotaryEvidenceRow>();
              for (const k of keys) {
                const r = rows.find((x) => x?.id === k) ?? picked.get(Number(k));
                if (r) m.set(Number(k), r);
              }
              setPicked(m);
            },
          }}
          pagination={{ current: page, pageSize: PAGE_SIZE.notaryDetail, total: list.data?.count ?? 0, onChange: setPage, showSizeChanger: false }}
        />
        <Space style={{ marginTop: 8 }}>
          <Typography.Text>已选择 {picked.size} 条证据（最多 {NOTARY_MAX_EVIDENCE} 条）</Typography.Text>
          <Button type="primary" loading={busy} onClick={() => void next()}>下一步</Button>
        </Space>
      </Card>
    </div>
  );
}
