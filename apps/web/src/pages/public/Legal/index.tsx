/**
 * The legal and privacy text pages (spec p2 §2 public routes): /privacy, /privacy-main, /privacy-list,
 * /privacy-slist, /privacy-ilist, /user-agreement and /clause, one lazy chunk for all of them. The route
 * table passes which document to show. The privacy pages show the policy date from the server's
 * configuration (spec p2 §9).
 */
import { useLayoutEffect } from 'react';
import { DocView } from '../shared/DocView';
import type { Doc } from '../shared/doc';
import { clause } from './docs/clause';
import { privacy } from './docs/privacy';
import { privacyIList } from './docs/privacyIList';
import { privacyList } from './docs/privacyList';
import { privacyMain } from './docs/privacyMain';
import { privacySList } from './docs/privacySList';
import { userAgreement } from './docs/userAgreement';

/** The documents by route key. */
export const DOCS = { privacy, privacyMain, privacyList, privacySList, privacyIList, userAgreement, clause } satisfies Record<string, Doc>;
export type DocKey = keyof typeof DOCS;

export default function LegalPage({ doc }: { doc: DocKey }) {
  const d = DOCS[doc];
  // Jump to `#section` links once the text is there (the router does not scroll to anchors).
  useLayoutEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView();
  }, [doc]);
  return <DocView doc={d} />;
}
