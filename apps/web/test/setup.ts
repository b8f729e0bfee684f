/**
 * Vitest setup for component tests under jsdom: antd needs `matchMedia` and `ResizeObserver`,
 * which jsdom lacks (STACK-NOTES.md "Web"). Desktop width by default. Files that run in the node
 * environment (`// @vitest-environment node`) skip all of this.
 */
import { createRequire } from 'node:module';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

const dom = typeof window !== 'undefined';

if (dom && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => {
      const min = /min-width:\s*(\d+)px/.exec(query);
      const max = /max-width:\s*(\d+)px/.exec(query);
      const width = window.innerWidth || 1366;
      const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
      return {
        matches,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      };
    },
  });
}

if (dom && !('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

if (dom) {
  afterEach(async () => {
    cleanup();
    // antd's static toasts (message/notification, used by the pages' notify helpers) live in their own
    // React root outside the test's container and close on a 3 s timer: a toast shown by a file's last
    // test would update React after jsdom is gone ("window is not defined"). Close them now; antd is
    // imported only when a toast exists, so files that never load antd stay fast.
    if (document.querySelector('.ant-message, .ant-notification')) {
      const { message, notification } = await import('antd');
      message.destroy();
      notification.destroy();
    }
    window.localStorage.clear();
    // React schedules passive-effect flushes and render slices on the scheduler's macrotask queue
    // (setImmediate in Node, 5 ms slices that re-queue themselves on a busy machine). Let all of them run
    // while jsdom's window still exists: otherwise work left over from a file's last test runs after the
    // environment is torn down ("window is not defined", an unhandled error). A callback at idle
    // priority on the same scheduler runs only after every task queued before it.
    await drainReactScheduler();
    await new Promise<void>((r) => setImmediate(r));
  });
}

/** Resolves once React's scheduler (the instance react-dom uses) has run every task queued so far. */
function drainReactScheduler(): Promise<void> {
  const scheduler = createRequire(import.meta.url)('scheduler') as {
    unstable_scheduleCallback: (priority: number, cb: () => null) => unknown;
    unstable_IdlePriority: number;
  };
  return new Promise<void>((resolve) => {
    scheduler.unstable_scheduleCallback(scheduler.unstable_IdlePriority, () => {
      resolve();
      return null;
    });
  });
}
