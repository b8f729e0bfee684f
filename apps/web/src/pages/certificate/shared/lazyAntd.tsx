/**
 * Dialogs of the certificate page that are built with antd, loaded on first use together with antd's
 * theme and locale (antd/AntdScope.tsx), so the page's first screen imports no antd (issue 16).
 */
import { lazy, type ComponentType } from 'react';

/**
 * React.lazy of `load()`'s component wrapped in AntdScope; both modules load in parallel.
 * Errors: a failed chunk rejects like React.lazy (the route's error boundary shows it).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyWithAntd<P extends Record<string, any>>(load: () => Promise<ComponentType<P>>) {
  return lazy(() =>
    Promise.all([import('../../../antd/AntdScope'), load()]).then(([{ AntdScope }, Inner]) => ({
      default: (props: P) => (
        <AntdScope>
          <Inner {...props} />
        </AntdScope>
      ),
    })),
  );
}
