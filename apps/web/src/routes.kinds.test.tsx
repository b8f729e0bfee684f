/**
 * The route table points each kind's spec routes (spec p2 §2) at THE shared list, download page and
 * certificate layout with that kind (issue 11 §1): for every kind the contract registry offers now, the
 * route at `routes.list`, `routes.download` and `${routes.certificate}/:id` renders `KIND_PAGES.*` with
 * `kind` = the kind's id. A route pointing at a copied page fails here.
 */
import { isValidElement, type ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_KIND_DEFS, offeredKinds } from '@cunzheng/contract/evidenceKinds';
import { KIND_PAGES, routes } from './routes';

/** Every route of the table with its full path. */
function flatten(list: RouteObject[], parent = ''): { path: string; element: unknown }[] {
  const out: { path: string; element: unknown }[] = [];
  for (const r of list) {
    const path = r.path ? (r.path.startsWith('/') ? r.path : `${parent}/${r.path}`) : parent;
    if (r.path || r.index) out.push({ path, element: r.element });
    if (r.children) out.push(...flatten(r.children, path));
  }
  return out;
}

const table = flatten(routes);
const at = (match: (path: string) => boolean): ReactElement<{ kind?: string; lang?: string }> => {
  const found = table.filter((r) => match(r.path));
  expect(found).toHaveLength(1);
  const el = found[0]?.element;
  if (!isValidElement<{ kind?: string; lang?: string }>(el)) throw new Error('not an element');
  return el;
};

describe('route table × evidence-kind registry', () => {
  for (const def of offeredKinds()) {
    it(`${def.id}: list, download and certificate routes use the shared pages`, () => {
      const list = at((p) => p === def.routes.list);
      expect(list.type).toBe(KIND_PAGES.list);
      expect(list.props.kind).toBe(def.id);
      const download = at((p) => p === def.routes.download);
      expect(download.type).toBe(KIND_PAGES.download);
      expect(download.props.kind).toBe(def.id);
      const cert = at((p) => p.startsWith(`${def.routes.certificate}/:`));
      expect(cert.type).toBe(KIND_PAGES.certificate);
      // Kinds sharing a certificate path (process and mobile: /evidencesPro) share the first kind's page.
      expect(cert.props.kind).toBe(EVIDENCE_KIND_DEFS.find((d) => d.routes.certificate === def.routes.certificate)!.id);
    });
  }

  it('the English data certificate is the same layout in English', () => {
    const en = at((p) => p === '/English/attestation/:attestationId');
    expect(en.type).toBe(KIND_PAGES.certificate);
    expect(en.props).toEqual({ kind: 'data', lang: 'en' });
  });
});
