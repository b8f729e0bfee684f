/**
 * Route /evidences-all/process/preview?id={sessionId} — the owner plays a saved session's video beside
 * its action log (issue 11 §2; spec p2 §2 "Previews and queues"), for process and mobile process alike
 * (POST /api/processlist/look). Clicking a log row seeks the video.
 */
import { Link, useSearchParams } from 'react-router';
import { Button, Descriptions, Result, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { EVIDENCE_KIND } from '@cunzheng/contract/evidenceKinds';
import { MSG } from '@cunzheng/contract/messages';
import { PROCESS_SAVED_STATUSES, PROCESS_STATUS_LABEL, PROCESS_TYPE } from '@cunzheng/contract/process';
import { lookProcess } from '../../../api/process';
import { ApiError } from '../../../api/request';
import { formatDateTime } from '../../../utils/format';
import { clock } from '../Session/SessionToolbar';
import { VideoWithLog } from '../shared/VideoWithLog';
import '../process.css';

export default function ProcessPreview() {
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? '');
  const valid = Number.isInteger(id) && id > 0;
  const q = useQuery({ queryKey: ['processlist/look', id, 'preview'], queryFn: ({ signal }) => lookProcess(id, true, signal), enabled: valid, retry: false });

  if (!valid || q.isError) {
    return (
      <div className="page pro-page">
        <Result status="warning" title={q.error instanceof ApiError ? q.error.msg : MSG.CAPTURE_NOT_FOUND} extra={<Link to="/evidences-all/process"><Button>返回列表</Button></Link>} />
      </div>
    );
  }
  if (!q.data) return <div className="page pro-page"><Spin /></div>;
  const d = q.data;
  const def = EVIDENCE_KIND[d.session.type === PROCESS_TYPE.mobile ? 'mobile' : 'process'];
  const item = d.item;
  if (!PROCESS_SAVED_STATUSES.includes(item.status)) {
    return (
      <div className="page pro-page">
        <Result status="info" title={MSG.CAPTURE_NOT_DONE} subTitle={PROCESS_STATUS_LABEL[item.status]} extra={<Link to={`${def.routes.queue}/${id}`}><Button type="primary">查看取证进度</Button></Link>} />
      </div>
    );
  }
  return (
    <div className="page pro-page">
      <div className="page-head">
        <div>
          <h1>{item.title || def.name}</h1>
          <p>点击右侧操作日志中的一行，录像跳转到该时刻</p>
        </div>
        <Space wrap>
          <Link to={`${def.routes.certificate}/${encodeURIComponent(item.baoquan)}`}>
            <Button type="primary">查看保全证书</Button>
          </Link>
          <Link to={def.routes.list}>
            <Button>返回列表</Button>
          </Link>
        </Space>
      </div>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 3 }}
        className="pro-facts"
        items={[
          { key: 'bq', label: '保全号', children: <span className="mono">{item.baoquan}</span> },
          { key: 'time', label: '保全时间', children: formatDateTime(item.saveTime) },
          { key: 'dur', label: '取证时长', children: clock(item.duration) },
          { key: 'status', label: '状态', children: PROCESS_STATUS_LABEL[item.status] },
          { key: 'url', label: '起始网址', children: <span className="pro-log-detail">{item.url || '空白页'}</span> },
          ...(item.note ? [{ key: 'note', label: '说明', children: item.note }] : []),
        ]}
      />
      <VideoWithLog videoUrl={d.videoUrl} actions={d.actions} noVideoNote={item.note} />
    </div>
  );
}
