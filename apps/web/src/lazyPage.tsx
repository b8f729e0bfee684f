/**
 * Lazy pages and layouts of the route table that can be loaded ahead (issue 16, first paint).
 * `page(load)` is React.lazy plus a preloader: main.tsx asks {@link preloadRoute} for every lazy
 * component of the routes matching the current URL, all in parallel, before the first render — so the
 * entry does not wait for the layout's code to discover the page's (one chunk round trip per level
 * otherwise), and the first render finds the code already there (a settled module is handed to
 * React.lazy synchronously, without a suspended render that would replace the HTML shell by a spinner).
 * `{ antd: true }` wraps the component in antd's theme and locale (antd/AntdScope.tsx), loaded
 * together with the page, so the entry carries no antd code.
 */
import { Children, isValidElement, lazy, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

const preloaders = new WeakMap<object, () => Promise<unknown>>();

/** A lazy component whose code {@link preloadRoute} may load before it renders. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function page<P extends Record<string, any>>(load: Loader<P>, opts: { antd?: boolean } = {}): ComponentType<P> {
  const source: Loader<P> = opts.antd
    ? () =>
        Promise.all([import('./antd/AntdScope.tsx'), load()]).then(([{ AntdScope }, m]) => {
          const Inner = m.default;
          const Wrapped = (props: P) => (
            <AntdScope>
              <Inner {...props} />
            </AntdScope>
          );
          return { default: Wrapped };
        })
    : load;
  let settled: { default: ComponentType<P> } | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const get = () =>
    (pending ??= source().then(
      (m) => (settled = m),
      (e: unknown) => {
        pending = null; // a failed chunk may be asked for again (next navigation)
        throw e;
      },
    ));
  // A thenable that calls back at once when the code is already here: React.lazy reads a settled
  // payload in the same call and renders without suspending (a resolved Promise would still suspend).
  const now = (m: { default: ComponentType<P> }) =>
    // oxlint-disable-next-line unicorn/no-thenable -- React.lazy only calls then(), never awaits it
    ({ then: (ok: (v: { default: ComponentType<P> }) => void) => ok(m) }) as unknown as Promise<{ default: ComponentType<P> }>;
  const C = lazy(() => (settled ? now(settled) : get()));
  preloaders.set(C, get);
  return C as unknown as ComponentType<P>;
}

/** The lazy components named in `node` and its children (`<GuestOnly><Login /></GuestOnly>`). */
function collect(node: ReactNode, out: Array<() => Promise<unknown>>): void {
  Children.forEach(node, (child) => {
    if (!isValidElement(child)) return;
    const p = preloaders.get(child.type as object);
    if (p) out.push(p);
    collect((child.props as { children?: ReactNode }).children, out);
  });
}

/**
 * Starts loading the code of every lazy layout and page of the routes matching `pathname`, and
 * resolves when all of it is here (or failed: the render then shows the route's error as usual).
 */
export function preloadRoute(routes: RouteObject[], pathname: string): Promise<void> {
  const loads: Array<() => Promise<unknown>> = [];
  for (const m of matchRoutes(routes, pathname) ?? []) collect(m.route.element, loads);
  return Promise.allSettled(loads.map((l) => l())).then(() => undefined);
}
