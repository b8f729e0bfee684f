/**
 * The session video beside its action log (issue 11 §2: /evidences-all/process/preview and the
 * certificate's video and action-log sections): clicking a log row seeks the video to that moment and
 * plays it; the row the video is at is highlighted. Without a video (ffmpeg failed) the log shows alone
 * with the note.
 */
import { useRef, useState } from 'react';
import { Alert, Table } from 'antd';
import type { TProAction } from '@cunzheng/contract/process';
import { ACTION_LABEL, actionDetail, activeIndex, videoTime } from './actionText';

export interface VideoWithLogProps {
  videoUrl: string;
  actions: readonly TProAction[];
  /** Shown instead of the video when there is none. */
  noVideoNote?: string;
}

export function VideoWithLog({ videoUrl, actions, noVideoNote }: VideoWithLogProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [at, setAt] = useState(-1);
  const rows = actions.map((a, i) => ({ ...a, i }));

  const seek = (t: number) => {
    const v = video.current;
    if (!v) return;
    v.currentTime = t / 1000;
    setAt(activeIndex(actions, t));
    void v.play().catch(() => {
      /* autoplay refused: the frame is shown paused */
    });
  };

  return (
    <div className="pro-preview" data-testid="video-with-log">
      <div>
        {videoUrl ? (
          <video
            ref={video}
            className="pro-video"
            src={videoUrl}
            controls
            preload="metadata"
            playsInline
            data-testid="process-video"
            onTimeUpdate={(e) => setAt(activeIndex(actions, e.currentTarget.currentTime * 1000))}
          />
        ) : (
          <Alert type="warning" showIcon title={noVideoNote || '本次取证没有录像'} />
        )}
      </div>
      <Table
        className="pro-log"
        size="small"
        rowKey="i"
        pagination={false}
        dataSource={rows}
        data-testid="action-log"
        scroll={{ y: 480 }}
        rowClassName={(r) => (r.i === at ? 'pro-log-row pro-log-row-active' : 'pro-log-row')}
        onRow={(r) => ({ onClick: () => seek(r.t), title: videoUrl ? '点击跳转到录像此刻' : undefined })}
        columns={[
          { title: '时间', dataIndex: 't', width: 80, render: (t: number) => <span className="pro-log-time">{videoTime(t)}</span> },
          { title: '操作', dataIndex: 'kind', width: 80, render: (k: TProAction['kind']) => ACTION_LABEL[k] },
          { title: '内容', key: 'detail', render: (_v, r) => <span className="pro-log-detail">{actionDetail(r)}</span> },
        ]}
        locale={{ emptyText: '没有操作记录' }}
      />
    </div>
  );
}
