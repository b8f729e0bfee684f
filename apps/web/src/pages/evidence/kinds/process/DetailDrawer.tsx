/**
 * Detail drawer of one process-evidence session (issue 11 §2, POST /api/processlist/look): the video
 * beside the action log (a log row seeks the video), the facts and the artefacts (WACZ members and the
 * MP4) with their SHA-256; links to the certificate and the full-page preview.
 */
import { Link } from 'react-router';
import { Button, Descriptions, Drawer, Grid, Space, Spin } from 'antd';
import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { EVIDENCE_KIND } from '@cunzheng/contract/evidenceKinds';
import { PROCESS_STATUS_LABEL } from '@cunzheng/contract/process';
import { lookProcess } from '../../../../api/process';
import { isSaved } from '../../../../api/kinds/process';
import { formatDateTime, formatSize } from '../../../../utils/format';
import { VideoWithLog } from '../../../process/shared/VideoWithLog';
import type { DetailProps } from '../types';
import { durationText, kindOfRow, shownAddress } from './columns';
import '../../../process/process.css';

export function ProDetailDrawer({ id, onClose, onDownload }: DetailProps) {
  const md = Grid.useBreakpoint().md ?? true;
  const q = useQuery({ queryKey: ['processlist/look', id, 'drawer'], queryFn: ({ signal }) => lookProcess(id!, false, signal), enabled: id !== null });
  const d = q.data;
  const item = d?.item;
  const def = item ? EVIDENCE_KIND[kindOfRow(item)] : null;
  return (
    <Drawer open={id !== null} onClose={onClose} title="取证详情" size={md ? 960 : '100%'} destroyOnHidden>
      {!d || !item || !def ? (
        <Spin className="web-detail-spin" />
      ) : (
        <>
          <Space wrap style={{ marginBottom: 12 }}>
            {isSaved(item) ? (
              <>
                <Link to={`${def.routes.certificate}/${encodeURIComponent(item.baoquan)}`}>
                  <Button type="primary" icon={<SafetyCertificateOutlined />}>
                    查看保全证书
                  </Button>
                </Link>
                <Button icon={<DownloadOutlined />} onClick={() => onDownload(item.id)}>
                  下载证据包
                </Button>
                <Link to={`${def.routes.preview}?id=${item.id}`}>
                  <Button>全屏回放</Button>
                </Link>
              </>
            ) : null}
          </Space>
          <Descriptions
            size="small"
            column={1}
            className="web-detail-desc"
            items={[
              { key: 'bq', label: '保全号', children: <span className="mono">{item.baoquan || '—'}</span> },
              { key: 'title', label: '标题', children: item.title },
              { key: 'status', label: '状态', children: PROCESS_STATUS_LABEL[item.status] },
              { key: 'url', label: '网址', children: <span className="pro-log-detail">{shownAddress(item) || '空白页'}</span> },
              { key: 'dur', label: '时长', children: durationText(item.duration) },
              { key: 'time', label: '保全时间', children: formatDateTime(item.saveTime) },
              ...(item.baoquan ? [{ key: 'size', label: '证据包大小', children: formatSize(item.size) }] : []),
              ...(item.sha256 ? [{ key: 'sha', label: 'WACZ SHA-256', children: <span className="mono pro-log-detail">{item.sha256}</span> }] : []),
              ...(d.provenance?.video.sha256 ? [{ key: 'mp4', label: 'MP4 SHA-256', children: <span className="mono pro-log-detail">{d.provenance.video.sha256}</span> }] : []),
              ...(item.note ? [{ key: 'note', label: '说明', children: item.note }] : []),
            ]}
          />
          {isSaved(item) ? <VideoWithLog videoUrl={d.videoUrl} actions={d.actions} noVideoNote={item.note} /> : null}
        </>
      )}
    </Drawer>
  );
}
