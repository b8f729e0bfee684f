/**
 * The session video beside its action log (issue 11 §2: /evidences-all/process/preview, the list's
 * detail drawer and the certificate's video and action-log sections): clicking a log row seeks the video
 * to that moment and plays it; the row the video is at is highlighted. Without a video (ffmpeg failed)
 * the log shows alone with the note. Plain markup (no table library): the public certificate is a first
 * visit and stays light.
 */
import { useRef, useState } from 'react';
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

  const seek = (i: number) => {
    const a = actions[i];
    setAt(i);
    const v = video.current;
    if (!v || !a) return;
    v.currentTime = a.t / 1000;
    Promise.resolve(v.play()).catch(() => {
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
          <div className="pro-novideo" role="note">
            {noVideoNote || '本次取证没有录像'}
          </div>
        )}
      </div>
      <div className="pro-log" data-testid="action-log">
        <table className="pro-log-table">
          <caption className="pro-log-caption">操作日志（{actions.length} 条）{videoUrl ? '：点击一行，录像跳转到该时刻' : ''}</caption>
          <thead>
            <tr>
              <th scope="col">时间</th>
              <th scope="col">操作</th>
              <th scope="col">内容</th>
            </tr>
          </thead>
          <tbody>
            {actions.length === 0 ? (
              <tr>
                <td colSpan={3} className="pro-log-empty">
                  没有操作记录
                </td>
              </tr>
            ) : (
              actions.map((a, i) => (
                <tr
                  // The log never changes while shown: the index is its identity.
                  key={i}
                  className={i === at ? 'pro-log-row pro-log-row-active' : 'pro-log-row'}
                  aria-selected={i === at}
                  tabIndex={0}
                  onClick={() => seek(i)}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter' || e.key === ' ') {
                      e.preventDefault();
                      seek(i);
                    }
                  }}
                >
                  <td className="pro-log-time">{videoTime(a.t)}</td>
                  <td className="pro-log-kind">{ACTION_LABEL[a.kind]}</td>
                  <td className="pro-log-detail">{actionDetail(a)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
