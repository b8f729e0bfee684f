/**
 * The capture block above the App取证 list (issue 12 §1): 拍照取证, 录像取证, 录音取证 and 录屏取证 open
 * the capture dialog (pages/app/capture); a deposit refreshes the list. Phones get big buttons in a grid.
 */
import { lazy, Suspense, useState } from 'react';
import { Button, Card, Typography } from 'antd';
import { AudioOutlined, CameraOutlined, DesktopOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { CaptureMode } from '../../../app/capture/CaptureDialog';

const CaptureDialog = lazy(() => import('../../../app/capture/CaptureDialog').then((m) => ({ default: m.CaptureDialog })));

const BUTTONS: { mode: CaptureMode; label: string; icon: React.ReactNode }[] = [
  { mode: 'photo', label: '拍照取证', icon: <CameraOutlined /> },
  { mode: 'video', label: '录像取证', icon: <VideoCameraOutlined /> },
  { mode: 'audio', label: '录音取证', icon: <AudioOutlined /> },
  { mode: 'screen', label: '录屏取证', icon: <DesktopOutlined /> },
];

export function CapturePanel({ onDone }: { onDone: () => void }) {
  const [mode, setMode] = useState<CaptureMode | null>(null);
  return (
    <Card className="capture-panel" size="small">
      <Typography.Paragraph type="secondary" className="capture-panel-intro">
        用手机或电脑的摄像头、麦克风和屏幕现场取证：文件分片续传，网络中断后可继续上传；保全时记录设备信息，证书中可查看“手机信息”。
      </Typography.Paragraph>
      <div className="capture-buttons">
        {BUTTONS.map((b) => (
          <Button key={b.mode} size="large" icon={b.icon} onClick={() => setMode(b.mode)}>
            {b.label}
          </Button>
        ))}
      </div>
      {mode && (
        <Suspense fallback={null}>
          <CaptureDialog key={mode} mode={mode} onClose={() => setMode(null)} onDone={onDone} />
        </Suspense>
      )}
    </Card>
  );
}
