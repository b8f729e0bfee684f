/**
 * A seconds countdown for "resend SMS" buttons (spec p1 §9, p2 §9: 60 s). `start()` begins at
 * `seconds`; `stop()` ends it early (spec p1 §8: on an SMS send failure the countdown stops).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

export function useCountdown(seconds: number): { left: number; running: boolean; start: () => void; stop: () => void } {
  const [left, setLeft] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  const stop = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    setLeft(0);
  }, []);

  const start = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    const endsAt = Date.now() + seconds * 1000;
    setLeft(seconds);
    timer.current = setInterval(() => {
      const rest = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(rest);
      if (rest === 0 && timer.current) {
        clearInterval(timer.current);
        timer.current = null;
      }
    }, 250);
  }, [seconds]);

  useEffect(() => () => {
    if (timer.current) clearInterval(timer.current);
  }, []);

  return { left, running: left > 0, start, stop };
}
