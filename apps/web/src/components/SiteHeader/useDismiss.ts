/** Closes a popup on Escape, on a click outside `ref`, and when the page changes. */
import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';

export function useDismiss(open: boolean, close: () => void, ref: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  // `close` is stable (useCallback), so this runs on navigation only.
  useEffect(() => close(), [location.pathname, location.hash, close]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close();
    };
    const onDown = (e: PointerEvent) => {
      if (ref.current && e.target instanceof Node && !ref.current.contains(e.target)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onDown);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onDown);
    };
  }, [open, close, ref]);
}
