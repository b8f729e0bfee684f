/**
 * /face-sim — the local face-verification simulator's H5 page (issue 14 §1; DESIGN.md: the default provider is
 * a local implementation of the H5 protocol). Opened with `?faceId=` from geth5faceid's url: shows the masked
 * name, opens the camera, asks for a blink and a head turn, samples frames for a few seconds, reports the
 * motion score to the simulator (POST /api/facesim/result) and follows its signed redirect back to the site
 * (faceLogin → /personage-kyc?bizSeqNo=…). 取消 reports a cancellation.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Progress, Result, Space, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { faceSimResult, faceSimSession } from '../../../api/kyc';
import { motionScore, SAMPLE_H, SAMPLE_W, toGrey } from './liveness';

const FRAME_MS = 150;

export default function FaceSimPage() {
  const [params] = useSearchParams();
  const faceId = params.get('faceId') ?? '';
  const s = useQuery({ queryKey: ['facesim/session', faceId], queryFn: () => faceSimSession(faceId), enabled: faceId !== '', retry: false });
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [camera, setCamera] = useState<'off' | 'on' | 'denied'>('off');
  const [phase, setPhase] = useState<'ready' | 'checking' | 'sending'>('ready');
  const [progress, setProgress] = useState(0);

  useEffect(() => () => stream.current?.getTracks().forEach((t) => t.stop()), []);

  const openCamera = async () => {
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { width: 640, height: 480, facingMode: 'user' }, audio: false });
      if (video.current) {
        video.current.srcObject = stream.current;
        await video.current.play().catch(() => undefined);
      }
      setCamera('on');
    } catch {
      setCamera('denied');
    }
  };

  const report = async (motion: number, frames: number, cancel = 0) => {
    setPhase('sending');
    try {
      const r = await faceSimResult({ faceId, motion, frames, cancel });
      stream.current?.getTracks().forEach((t) => t.stop());
      window.location.assign(r.redirect);
    } catch {
      setPhase('ready');
    }
  };

  const check = async () => {
    const v = video.current;
    if (!v || !s.data) return;
    setPhase('checking');
    const canvas = document.createElement('canvas');
    canvas.width = SAMPLE_W;
    canvas.height = SAMPLE_H;
    const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
    const frames: Uint8Array[] = [];
    const total = Math.round((s.data.seconds * 1000) / FRAME_MS);
    for (let i = 0; i < total; i++) {
      ctx.drawImage(v, 0, 0, SAMPLE_W, SAMPLE_H);
      frames.push(toGrey(ctx.getImageData(0, 0, SAMPLE_W, SAMPLE_H).data));
      setProgress(Math.round(((i + 1) * 100) / total));
      await new Promise((r) => setTimeout(r, FRAME_MS));
    }
    await report(motionScore(frames), frames.length);
  };

  if (!faceId || s.isError) return <Result status="warning" title="链接无效或已过期" subTitle="请返回原页面重新发起人脸识别" />;
  if (s.isPending) return <Spin style={{ display: 'block', margin: '80px auto' }} />;
  return (
    <div style={{ maxWidth: 480, margin: '0 auto', padding: 16 }}>
      <Card title="人脸识别（本地模拟服务）">
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message={`认证人：${s.data.maskedName}`} description={s.data.action} />
        <video ref={video} muted playsInline data-testid="face-video" style={{ width: '100%', aspectRatio: '4 / 3', background: '#000', borderRadius: 8, transform: 'scaleX(-1)' }} />
        {camera === 'denied' ? <Alert type="error" showIcon style={{ marginTop: 12 }} message="无法使用摄像头，请允许浏览器访问摄像头后重试" /> : null}
        {phase === 'checking' ? <Progress percent={progress} style={{ marginTop: 12 }} /> : null}
        <Space style={{ marginTop: 16 }} wrap>
          {camera !== 'on' ? (
            <Button type="primary" onClick={openCamera}>打开摄像头</Button>
          ) : (
            <Button type="primary" onClick={check} loading={phase !== 'ready'}>开始检测</Button>
          )}
          <Button onClick={() => report(0, 0, 1)} disabled={phase !== 'ready'}>取消</Button>
        </Space>
      </Card>
    </div>
  );
}
