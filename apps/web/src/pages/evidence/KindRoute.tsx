/**
 * The route component of a shared owner page (list, download page): given a kind id by the route table,
 * it loads that kind's config (pages/evidence/kinds) and renders the page with it, showing the page
 * loader meanwhile. Each kind gets its own component, so moving between two kinds' pages starts afresh.
 */
import { Suspense, type ComponentType } from 'react';
import { PageLoading } from '../../components/PageLoading';
import { withListKind, type ListKindId } from './kinds';
import type { ListKind } from './kinds/types';

/** `Page` as a route component taking the kind id. */
export function kindRoute(Page: ComponentType<{ kind: ListKind }>): ComponentType<{ kind: ListKindId }> {
  return function KindRoute({ kind }: { kind: ListKindId }) {
    const Loaded = withListKind(Page, kind);
    return (
      <Suspense fallback={<PageLoading />}>
        <Loaded />
      </Suspense>
    );
  };
}
