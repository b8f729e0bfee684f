/**
 * One capture (issue 12 §1, App取证 in the phone's browser): 拍照 from the camera (getUserMedia + canvas
 * JPEG), 录像 and 录音 with MediaRecorder, 录屏 with getDisplayMedia + MediaRecorder. While recording it
 * shows the time and the size recorded; after stopping, a preview; 保全 uploads resumably (tus, upload.ts)
 * with the phone info (device.ts; position only with the consent box) and the capture's start and end
 * times, then shows the new certificate number. Closing stops every track.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Checkbox, Flex, Input, Modal, Progress, Space, Typography } from 'antd';
import { ORDER_TYPE, TITLE_MAX } from '@cunzheng/contract/constants';
import { certificatePath } from '@cunzheng/contract/evidenceKinds';
import type { AppItem } from '../../../api/app';
import { formatSize } from '../../../utils/format';
import { collectDeviceInfo } from './device';
import { uploadCapture, type RunningUpload } from './upload';

export type CaptureMode = 'photo' | 'video' | 'audio' | 'screen';

/** Per mode: the dialog title, the order type code (spec p1 §9) and the file extension. */
export const CAPTURE_MODES: Readonly<Record<CaptureMode, { title: string; code: number; action: string }>> = {
  photo: { title: '拍照取证', code: ORDER_TYPE.photo, action: '拍照' },
  video: { title: '录像取证', code: ORDER_TYPE.video, action: '开始录像' },
  audio: { title: '录音取证', code: ORDER_TYPE.audio, action: '开始录音' },
  screen: { title: '录屏取证', code: ORDER_TYPE.screenRecording, action: '开始录屏' },
};

type Phase = 'starting' | 'ready' | 'recording' | 'recorded' | 'uploading' | 'done' | 'failed';

const pad = (n: number) => String(n).padStart(2, '0');
/** mm:ss of milliseconds. */
export const clock = (ms: number) => `${pad(Math.floor(ms / 60000))}:${pad(Math.floor(ms / 1000) % 60)}`;

/** The first container MediaRecorder supports for the mode ('' lets the browser choose). */
function recorderType(audioOnly: boolean): string {
  const list = audioOnly ? ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg'] : ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];
  return list.find((t) => typeof MediaRecorder !== 'undefined' && MediaRecorder.isTypeSupported(t)) ?? '';
}

const cameraError = (e: unknown) => (e instanceof DOMException && e.name === 'NotAllowedError' ? '未获得授权：请在浏览器中允许使用摄像头、麦克风或屏幕共享后重试' : '无法打开设备：当前浏览器或设备不支持该取证方式');

export function CaptureDialog({ mode, onClose, onDone }: { mode: CaptureMode; onClose: () => void; onDone: (item: AppItem) => void }) {
  const m = CAPTURE_MODES[mode];
  const [phase, setPhase] = useState<Phase>('starting');
  const [error, setError] = useState('');
  const [elapsed, setElapsed] = useState(0);
  const [bytes, setBytes] = useState(0);
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState('');
  const [sent, setSent] = useState(0);
  const [title, setTitle] = useState('');
  const [withLocation, setWithLocation] = useState(false);
  const [done, setDone] = useState<AppItem | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const chunks = useRef<Blob[]>([]);
  const times = useRef({ start: 0, end: 0 });
  const live = useRef<HTMLVideoElement | null>(null);
  const running = useRef<RunningUpload | null>(null);

  const stopTracks = () => stream.current?.getTracks().forEach((t) => t.stop());

  // Open the camera / microphone (the screen is asked for on 开始录屏: browsers want a click first).
  useEffect(() => {
    let cancelled = false;
    if (mode === 'screen') {
      setPhase('ready');
      return;
    }
    navigator.mediaDevices
      .getUserMedia(mode === 'audio' ? { audio: true } : mode === 'photo' ? { video: { facingMode: 'environment' } } : { video: { facingMode: 'environment' }, audio: true })
      .then((s) => {
        if (cancelled) return s.getTracks().forEach((t) => t.stop());
        stream.current = s;
        if (live.current && mode !== 'audio') live.current.srcObject = s;
        setPhase('ready');
      })
      .catch((e) => {
        setError(cameraError(e));
        setPhase('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [mode]);

  // Recording clock.
  useEffect(() => {
    if (phase !== 'recording') return;
    const t = setInterval(() => setElapsed(Date.now() - times.current.start * 1000), 250);
    return () => clearInterval(t);
  }, [phase]);

  // Leaving: stop the devices, the upload and the preview URL.
  useEffect(() => () => {
    stopTracks();
    running.current?.abort();
  }, []);
  useEffect(() => () => {
    if (previewUrl) URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const finish = (f: File) => {
    times.current.end = Math.max(times.current.start, Math.floor(Date.now() / 1000));
    stopTracks();
    setFile(f);
    setPreviewUrl(URL.createObjectURL(f));
    setPhase('recorded');
  };

  const takePhoto = () => {
    const v = live.current;
    if (!v || !v.videoWidth) return;
    times.current.start = Math.floor(Date.now() / 1000);
    const c = document.createElement('canvas');
    c.width = v.videoWidth;
    c.height = v.videoHeight;
    c.getContext('2d')?.drawImage(v, 0, 0);
    c.toBlob((b) => b && finish(new File([b], `photo-${Date.now()}.jpg`, { type: 'image/jpeg' })), 'image/jpeg', 0.92);
  };

  const startRecording = async () => {
    setError('');
    if (mode === 'screen') {
      try {
        stream.current = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
        if (live.current) live.current.srcObject = stream.current;
      } catch (e) {
        setError(cameraError(e));
        return;
      }
    }
    const s = stream.current;
    if (!s) return;
    const type = recorderType(mode === 'audio');
    const r = new MediaRecorder(s, type ? { mimeType: type } : undefined);
    chunks.current = [];
    r.ondataavailable = (ev) => {
      if (ev.data.size > 0) {
        chunks.current.push(ev.data);
        setBytes((n) => n + ev.data.size);
      }
    };
    r.onstop = () => {
      const mime = (r.mimeType || type || (mode === 'audio' ? 'audio/webm' : 'video/webm')).split(';')[0]!;
      const ext = mime.includes('mp4') ? 'mp4' : mime.includes('ogg') ? 'ogg' : 'webm';
      finish(new File(chunks.current, `${mode}-${Date.now()}.${ext}`, { type: mime }));
    };
    // The user ending a screen share from the browser's own bar stops the recording too.
    s.getVideoTracks()[0]?.addEventListener('ended', () => r.state === 'recording' && r.stop());
    recorder.current = r;
    times.current.start = Math.floor(Date.now() / 1000);
    setBytes(0);
    setElapsed(0);
    r.start(1000);
    setPhase('recording');
  };

  const stopRecording = () => recorder.current?.state === 'recording' && recorder.current.stop();

  const save = async () => {
    if (!file) return;
    setPhase('uploading');
    setError('');
    try {
      const device = await collectDeviceInfo(withLocation);
      const up = uploadCapture(file, { captureType: m.code, startTime: times.current.start, endTime: times.current.end, title: title.trim() || undefined, ...device }, (s) => setSent(s));
      running.current = up;
      const item = await up.promise;
      running.current = null;
      setDone(item);
      setPhase('done');
      onDone(item);
    } catch (e) {
      setError(e instanceof Error && e.message && !/tus:/.test(e.message) ? e.message : '上传中断，请检查网络后点击“保全”继续上传');
      setPhase('recorded');
    }
  };

  const visual = mode !== 'audio';
  const percent = file ? Math.floor((sent / Math.max(1, file.size)) * 100) : 0;
  return (
    <Modal open title={m.title} onCancel={onClose} footer={null} width={560} destroyOnHidden maskClosable={false}>
      <Flex vertical gap={12}>
        {error && <Alert type="error" showIcon message={error} />}
        {visual && phase !== 'recorded' && phase !== 'uploading' && phase !== 'done' && (
          <video ref={live} className="capture-live" autoPlay muted playsInline data-testid="capture-live" />
        )}
        {phase === 'recording' && (
          <Flex justify="space-between" className="capture-meter" role="status">
            <span>
              录制中 <b data-testid="capture-time">{clock(elapsed)}</b>
            </span>
            <span>
              已录制 <b data-testid="capture-size">{formatSize(bytes)}</b>
            </span>
          </Flex>
        )}
        {(phase === 'recorded' || phase === 'uploading') && file && (
          <>
            {mode === 'photo' && <img src={previewUrl} alt="拍摄的照片" className="capture-preview" />}
            {(mode === 'video' || mode === 'screen') && <video src={previewUrl} controls playsInline className="capture-preview" />}
            {mode === 'audio' && <audio src={previewUrl} controls className="capture-audio" />}
            <Typography.Text type="secondary">
              {mode === 'photo' ? '照片' : '录制'}大小 {formatSize(file.size)}
              {mode !== 'photo' ? `，时长 ${clock((times.current.end - times.current.start) * 1000)}` : ''}
            </Typography.Text>
            <Input placeholder="标题（选填，默认为取证类型和时间）" maxLength={TITLE_MAX} value={title} onChange={(e) => setTitle(e.target.value)} disabled={phase === 'uploading'} />
            <Checkbox checked={withLocation} onChange={(e) => setWithLocation(e.target.checked)} disabled={phase === 'uploading'}>
              附带取证地点（需您授权浏览器获取位置）
            </Checkbox>
            <Typography.Text type="secondary" className="capture-note">
              保全时将记录设备名称、型号、系统版本、处理器和核心数，与证据一同保存并显示在保全证书的“手机信息”中。
            </Typography.Text>
          </>
        )}
        {phase === 'uploading' && <Progress percent={percent} status="active" aria-label="上传进度" />}
        {phase === 'done' && done && (
          <Alert
            type="success"
            showIcon
            message="保全成功"
            description={
              <span>
                保全号 <Link to={certificatePath('app', done.baoquan)}>{done.baoquan}</Link>
              </span>
            }
          />
        )}
        <Space wrap>
          {phase === 'ready' && mode === 'photo' && (
            <Button type="primary" onClick={takePhoto}>
              {m.action}
            </Button>
          )}
          {phase === 'ready' && mode !== 'photo' && (
            <Button type="primary" onClick={() => void startRecording()}>
              {m.action}
            </Button>
          )}
          {phase === 'recording' && (
            <Button type="primary" danger onClick={stopRecording}>
              停止
            </Button>
          )}
          {(phase === 'recorded' || phase === 'uploading') && (
            <Button type="primary" onClick={() => void save()} loading={phase === 'uploading'}>
              保全
            </Button>
          )}
          <Button onClick={onClose}>{phase === 'done' ? '完成' : '取消'}</Button>
        </Space>
      </Flex>
    </Modal>
  );
}
