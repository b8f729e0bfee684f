/**
 * Issue 16 round 4b (LCP of the certificate page): the certificate's first screen as a build-time template
 * with slots, which the server fills from the anonymous view it embeds (apps/server/src/platform/pageData.ts
 * `fillTemplate`), so the page paints from the HTML instead of after its JavaScript ran.
 *
 * The build (shell/renderShell.tsx `prerenderRoute`) renders a `prerender: true` route with `:params` at a
 * URL whose params are slot markers (`/attestation/__czslot_attestationId__`), the query of that number
 * seeded with {@link templateView}: a view whose shown fields are slot markers. React writes them as they
 * are (letters, digits, `_`: nothing to escape or URL-encode), so the markup has `__czslot_baoquan__`,
 * `__czslot_chainhash__` (text and link targets) and `__czslot_html__` (the certificate html, inserted
 * with dangerouslySetInnerHTML). The server replaces the text slots by HTML-escaped values and the html
 * slot by the view's own html — what React's first render draws with the same view, for the anonymous
 * viewer (the HTML's only viewer: a stored session drops the markup, shell/renderShell.tsx shellScript).
 * The flags are the normal state (not deleted, not an app capture): the server fills only views with
 * those flags and sends the plain route HTML for any other.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { CertificateView } from '../../../api/certificate';
import { dataApi } from '../../../api/kinds/data';

/** The marker of slot `name` in a template (the server matches `__czslot_(\w+)__`). */
export const slot = (name: string) => `__czslot_${name}__`;

/** The view the template is rendered with: shown fields are slots, flags the normal state, anonymous. */
export function templateView(): CertificateView {
  return {
    id: 0,
    baoquan: slot('baoquan'),
    title: '',
    fileName: '',
    fileType: 5,
    mime: '',
    size: 0,
    sha256: '',
    label: '',
    saveTime: 0,
    chainhash: slot('chainhash'),
    ledgerIndex: 0,
    treeSize: 0,
    html: slot('html'),
    htmlEn: slot('html'),
    isSelf: 0,
    isDownload: 1,
    isApp: 0,
    mp4Path: '',
    deleted: 0,
  };
}

/**
 * Seeds `client` as the build's prerender of a certificate route sees it: the data certificate's view
 * query (`share/getView`, number = the route's param slot, logged out) answers {@link templateView}.
 */
export function seedCertificateTemplate(client: QueryClient): void {
  client.setQueryData([dataApi.keys.view, slot('attestationId'), ''], templateView());
}
