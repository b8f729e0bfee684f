/**
 * The kinds that have owner pages (the shared list and download page), by contract kind id. Each kind's
 * config loads on demand, so a kind's page carries only its own columns, blocks and constants.
 *
 * Adding a kind: its `KindApi` in src/api/kinds/, its `ListKind` in a folder here (`defineListKind`; not
 * named `data`: .gitignore ignores every data/ folder, hence `dataDeposit`), one line below, and its routes in src/routes.tsx (`<EvidenceList kind="…" />`, `<EvidenceDownload kind="…" />`).
 */
import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { EvidenceKind } from '@cunzheng/contract/constants';
import type { ListKind } from './types';

/** A kind of the registry that has owner pages. */
export type ListKindId = 'data' | 'web' | 'process' | 'mobile' | 'app' | 'music';

const LOADERS: Readonly<Record<ListKindId, () => Promise<ListKind>>> = {
  data: () => import('./dataDeposit').then((m) => m.dataKind),
  web: () => import('./web').then((m) => m.webKind),
  process: () => import('./process').then((m) => m.processKind),
  mobile: () => import('./process').then((m) => m.mobileProcessKind),
  music: () => import('./music').then((m) => m.musicKind),
  app: () => import('./app').then((m) => m.appKind),
} satisfies Partial<Record<EvidenceKind, () => Promise<ListKind>>>;

/** The ids of the kinds with owner pages. */
export const LIST_KIND_IDS = Object.keys(LOADERS) as ListKindId[];

const loaded = new Map<ListKindId, Promise<ListKind>>();

/** Loads a kind's config (once; the same promise afterwards). */
export function loadListKind(id: ListKindId): Promise<ListKind> {
  let p = loaded.get(id);
  if (!p) {
    p = LOADERS[id]();
    loaded.set(id, p);
  }
  return p;
}

const pages = new Map<ComponentType<{ kind: ListKind }>, Map<ListKindId, LazyExoticComponent<ComponentType>>>();

/**
 * `Page` given kind `id`'s config, as a lazy component (one per page and kind, created once): it renders
 * inside a Suspense boundary once the kind's config has loaded.
 */
export function withListKind(Page: ComponentType<{ kind: ListKind }>, id: ListKindId): LazyExoticComponent<ComponentType> {
  let byKind = pages.get(Page);
  if (!byKind) {
    byKind = new Map();
    pages.set(Page, byKind);
  }
  let lazyPage = byKind.get(id);
  if (!lazyPage) {
    lazyPage = lazy(async () => {
      const kind = await loadListKind(id);
      return { default: () => createElement(Page, { kind }) };
    });
    byKind.set(id, lazyPage);
  }
  return lazyPage;
}
