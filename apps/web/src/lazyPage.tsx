/**
 * Lazy pages and layouts of the route table that can be loaded ahead (issue 16, first paint).
 * `page(load)` is React.lazy plus a preloader: main.tsx asks {@link preloadRoute} for every lazy
 * component of the routes matching the current URL, all in parallel, before the first render — so the
 * entry does not wait for the layout's code to discover the page's (one chunk round trip per level
 * otherwise), and the first render finds the code already there (a settled module is handed to
 * React.lazy synchronously, without a suspended render that would replace the HTML shell by a spinner).
 * `{ antd: true }` wraps the component in antd's theme and locale (antd/AntdScope.tsx), loaded
 * together with the page, so the entry carries no antd code.
 * At build time, {@link routeModules} lists the source modules of every route's lazy code: the build
 * turns them into `<link rel="modulepreload">` tags in the HTML the server answers for that route
 * (vite.config.ts `routePreloads`), so the page's chunks download in parallel with the entry.
 */
import { Children, isValidElement, lazy, type ComponentType, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { asHandle } from './routeHandle';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

const preloaders = new WeakMap<object, () => Promise<unknown>>();
/** Source modules (paths from the web app's root) of a lazy component's code; known at build time only. */
const sources = new WeakMap<object, string[]>();

/** antd's theme and locale, loaded with every `{ antd: true }` page. */
const loadAntdScope = () => import('./antd/AntdScope.tsx');

/**
 * The source module a loader imports: the shell's build-time SSR (vite.config.ts) marks every
 * `() => import('…')` with `src` (path from the web app's root); undefined in the browser and in tests.
 */
function srcOf(load: unknown): string | undefined {
  const src = (load as { src?: unknown }).src;
  return typeof src === 'string' ? src : undefined;
}

/** A lazy component whose code {@link preloadRoute} may load before it renders. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function page<P extends Record<string, any>>(load: Loader<P>, opts: { antd?: boolean } = {}): ComponentType<P> {
  const source: Loader<P> = opts.antd
    ? () =>
        Promise.all([loadAntdScope(), load()]).then(([{ AntdScope }, m]) => {
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
  const src = [opts.antd ? srcOf(loadAntdScope) : undefined, srcOf(load)].filter((x): x is string => x !== undefined);
  if (src.length) sources.set(C, src);
  return C as unknown as ComponentType<P>;
}

/** What `map` holds for the lazy components named in `node` and its children (`<GuestOnly><Login /></GuestOnly>`). */
function collect<T>(node: ReactNode, map: WeakMap<object, T>, out: T[]): void {
  Children.forEach(node, (child) => {
    if (!isValidElement(child)) return;
    const p = map.get(child.type as object);
    if (p) out.push(p);
    collect((child.props as { children?: ReactNode }).children, map, out);
  });
}

/**
 * Starts loading the code of every lazy layout and page of the routes matching `pathname`, and
 * resolves when all of it is here (or failed: the render then shows the route's error as usual).
 */
export function preloadRoute(routes: RouteObject[], pathname: string): Promise<void> {
  const loads: Array<() => Promise<unknown>> = [];
  for (const m of matchRoutes(routes, pathname) ?? []) collect(m.route.element, preloaders, loads);
  return Promise.allSettled(loads.map((l) => l())).then(() => undefined);
}

/** One route pattern of the table and the source modules {@link preloadRoute} loads for a URL it matches. */
export interface RouteModules {
  /** Full path pattern as React Router matches it (`/ledger/:chainhash`, `/*`). */
  path: string;
  /** Source modules (paths from the web app's root, e.g. `src/pages/home/Home/index.tsx`), layouts first. */
  modules: string[];
  /** The route's handle asks for its first screen to be rendered into its HTML (`prerender: true`). */
  prerender?: true;
}

/**
 * Build time (issue 16, per-route preloads): for every path the route table can match — each route with
 * a path and each index route — the source modules of its lazy layouts and pages, as {@link preloadRoute}
 * would load them. Needs the `src` marks of the shell's SSR build; empty module lists otherwise.
 */
export function routeModules(routes: RouteObject[]): RouteModules[] {
  const out = new Map<string, RouteModules>();
  const walk = (list: RouteObject[], parent: string, inherited: string[]) => {
    for (const r of list) {
      const own: string[][] = [];
      collect(r.element, sources, own);
      const modules = [...new Set([...inherited, ...own.flat()])];
      const path = r.path ? (r.path.startsWith('/') ? r.path : `${parent.replace(/\/+$/, '')}/${r.path}`) : parent;
      // A parent's own match is replaced by its index route's (the same URL renders the index).
      if (r.path || r.index) out.set(path, { path, modules, ...(asHandle(r.handle).prerender ? { prerender: true as const } : {}) });
      if (r.children) walk(r.children, path, modules);
    }
  };
  walk(routes, '', []);
  return [...out.values()];
}
