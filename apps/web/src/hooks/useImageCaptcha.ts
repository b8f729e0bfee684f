/**
 * Loads an image captcha from POST /api/Register/getImgCode (issue 2 §3) and refreshes it on
 * demand; captchas are single-use, so callers refresh after every SMS send attempt.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { getImgCode } from '../api/auth';

export interface ImageCaptchaState {
  captchaId: string;
  /** `data:` URL of the PNG (or an older server's SVG), ready for an <img>; '' while loading or after a failure. */
  src: string;
  loading: boolean;
  refresh: () => void;
}

/** The SVG string as a data URL (rendered by <img>, so no script in it can run). */
export const svgDataUrl = (svg: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** `enabled` false: nothing is loaded until it turns true (captchas asked for only after failures, issue 9 §3). */
export function useImageCaptcha(enabled = true): ImageCaptchaState {
  const [state, setState] = useState({ captchaId: '', src: '' });
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);

  const refresh = useCallback(() => {
    const mine = ++seq.current;
    setLoading(true);
    getImgCode()
      .then((c) => {
        if (mine === seq.current) setState({ captchaId: c.captchaId, src: c.img.startsWith('data:image/png;base64,') ? c.img : svgDataUrl(c.img) });
      })
      .catch(() => {
        if (mine === seq.current) setState({ captchaId: '', src: '' });
      })
      .finally(() => {
        if (mine === seq.current) setLoading(false);
      });
  }, []);

  useEffect(() => {
    if (enabled) refresh();
  }, [refresh, enabled]);

  return { ...state, loading, refresh };
}
