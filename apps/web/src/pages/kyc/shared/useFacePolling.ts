/**
 * Face-verification polling (spec p2 §4, §9): POST /api/peruser/faceSync every 3 seconds. Code 200 → 实名成功
 * and /attestation-all; code '0000' → keep waiting; anything else → 实名失败 and stop.
 */
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { App } from 'antd';
import { MSG } from '@cunzheng/contract/messages';
import { faceSync } from '../../../api/kyc';
import { useKycRefresh } from './useKyc';

/** Polling interval, ms (spec p2 §9: every 3 seconds). */
export const FACE_POLL_MS = 3000;

export function useFacePolling(bizSeqNo: string | null) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const refresh = useKycRefresh();
  const [state, setState] = useState<'idle' | 'waiting' | 'failed'>('idle');
  const stopped = useRef(false);
  useEffect(() => {
    if (!bizSeqNo) return;
    stopped.current = false;
    setState('waiting');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      if (stopped.current) return;
      try {
        const env = await faceSync(bizSeqNo);
        if (stopped.current) return;
        if (Number(env.code) === 200) {
          void message.success(MSG.KYC_SUCCESS);
          await refresh();
          navigate('/attestation-all');
          return;
        }
        if (String(env.code) !== '0000') {
          setState('failed');
          void message.error(MSG.KYC_FAILED);
          return;
        }
      } catch {
        // Network failure: toasted by the wrapper; keep polling.
      }
      timer = setTimeout(() => void tick(), FACE_POLL_MS);
    };
    timer = setTimeout(() => void tick(), FACE_POLL_MS);
    return () => {
      stopped.current = true;
      if (timer) clearTimeout(timer);
    };
  }, [bizSeqNo]);
  return state;
}
