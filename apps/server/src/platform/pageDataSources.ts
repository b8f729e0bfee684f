/**
 * Which pages get their initial data with the HTML (issue 16; mechanism in ./pageData.ts), wired to the
 * owning modules' services — the same calls their API routes make, with the request's session:
 *
 * - the certificate of every kind on the shared certificate layout: /attestation/{baoquan} and
 *   /English/attestation/{baoquan} (data and app captures) and /mobile/attestation/{baoquan}/{token} →
 *   GET /api/share/getView (certificate `cachedView`: the cached serialised answer itself);
 *   /evidencesWeb, /evidencesPro, /evidencesMusic/{baoquan} → getWebView / getProView / getMusicView
 *   (certificate `kindView`, answered as the routes answer it: `JSON.stringify(ok(view))`);
 * - the ledger explorer /ledger/{chainhash} → GET /api/ledger/entry (ledger `ledgerEntryData`) and the
 *   verifier key of GET /api/ledger/key (text/plain there; embedded as a JSON string, the same for everyone).
 *
 * An unknown number or hash throws or answers null in the service: nothing is embedded for it.
 */
import type { FastifyRequest } from 'fastify';
import type { CertificateService } from '../modules/certificate/service.ts';
import { ledgerEntryData } from '../modules/ledger/routes.ts';
import type { LedgerService } from '../modules/ledger/types.ts';
import type { EvidenceKind } from '@cunzheng/contract/constants';
import type { Sessions } from './auth.ts';
import { ok } from './errors.ts';
import type { PageDataSource, PageDatum } from './pageData.ts';

export interface PageDataDeps {
  certificate: Pick<CertificateService, 'cachedView' | 'kindView'>;
  ledger: Pick<LedgerService, 'findByChainhash' | 'inclusionProof' | 'verifierKey'>;
  sessions: Pick<Sessions, 'optional'>;
}

const HEX64 = /^[0-9a-fA-F]{64}$/;

/** The page-data sources of the public certificate and ledger pages. */
export function pageDataSources(deps: PageDataDeps): PageDataSource[] {
  const { certificate, ledger, sessions } = deps;
  const viewerOf = async (req: FastifyRequest) => {
    const p = await sessions.optional(req);
    return { p, viewer: p ? ('session' as const) : ('anonymous' as const) };
  };
  /**
   * getView: the cached answer's bytes (what the route sends for this viewer class). `lang` (the data
   * certificate's pages): the anonymous view in its normal state also fills the page's first screen
   * (round 4b, {@link certificateFill}).
   */
  const getView = async (baoquan: string, req: FastifyRequest, lang?: 'zh' | 'en'): Promise<PageDatum[]> => {
    const { p, viewer } = await viewerOf(req);
    const c = await certificate.cachedView(baoquan, p);
    const body = c.body.toString('utf8');
    const fill = lang && viewer === 'anonymous' ? certificateFill(body, lang, baoquan) : undefined;
    return [{ key: 'share/getView', arg: baoquan, viewer, body, ...(fill ? { fill } : {}) }];
  };
  /** A kind's view route: `ok(await certificate.kindView(kinds, baoquan, viewer))`, serialised as Fastify does. */
  const kindView = (key: string, kinds: readonly EvidenceKind[]) => async (params: Record<string, string>, req: FastifyRequest): Promise<PageDatum[]> => {
    const baoquan = params.evidencesId ?? '';
    const { p, viewer } = await viewerOf(req);
    const view = await certificate.kindView(kinds, baoquan, p);
    return [{ key, arg: baoquan, viewer, body: JSON.stringify(ok(view)) }];
  };
  return [
    { pattern: '/attestation/:attestationId', load: (params, req) => getView(params.attestationId ?? '', req, 'zh') },
    { pattern: '/English/attestation/:attestationId', load: (params, req) => getView(params.attestationId ?? '', req, 'en') },
    { pattern: '/mobile/attestation/:attestationId/:token', load: (params, req) => getView(params.attestationId ?? '', req) },
    { pattern: '/evidencesWeb/:evidencesId', load: kindView('share/getWebView', ['web']) },
    { pattern: '/evidencesPro/:evidencesId', load: kindView('share/getProView', ['process', 'mobile']) },
    { pattern: '/evidencesMusic/:evidencesId', load: kindView('share/getMusicView', ['music']) },
    {
      pattern: '/ledger/:chainhash',
      load: async (params) => {
        const hash = params.chainhash ?? '';
        if (!HEX64.test(hash)) return [];
        const data = await ledgerEntryData(ledger, hash.toLowerCase());
        if (!data) return [];
        return [
          { key: 'ledger/entry', arg: hash.toLowerCase(), viewer: 'any', body: JSON.stringify(ok(data)) },
          { key: 'ledger/key', arg: '', viewer: 'any', body: JSON.stringify(ledger.verifierKey()) },
        ];
      },
    },
  ];
}

/**
 * Round 4b (issue 16): the slot values of the certificate's prerendered first screen (apps/web/src/pages/
 * certificate/shared/template.ts) from a getView answer — number, chainhash and the certificate html of the
 * page's language (`htmlEn`, or `html` when empty, as the page picks it), and the URL's number `param`
 * (URL-encoded, in 登录's redirect, which the shell's script sets anyway) — or undefined unless it is the
 * state the template was rendered in: code 200, not deleted, not an app capture (no 手机信息 button), a
 * number and chainhash of the usual characters (written unencoded in the links), html without a script.
 */
export function certificateFill(body: string, lang: 'zh' | 'en', param: string): PageDatum['fill'] {
  let env: { code?: unknown; data?: Record<string, unknown> | null };
  try {
    env = JSON.parse(body) as typeof env;
  } catch {
    return undefined;
  }
  const v = env.data;
  if (env.code !== 200 || !v || v.deleted !== 0 || v.isApp !== 0) return undefined;
  const { baoquan, chainhash } = v;
  const html = lang === 'en' && typeof v.htmlEn === 'string' && v.htmlEn !== '' ? v.htmlEn : v.html;
  if (typeof baoquan !== 'string' || !/^[\w-]+$/.test(baoquan) || typeof chainhash !== 'string' || !/^[0-9a-fA-F]*$/.test(chainhash)) return undefined;
  if (typeof html !== 'string' || /<\/?script|__czslot_/i.test(html)) return undefined;
  return { text: { baoquan, chainhash, attestationId: encodeURIComponent(param) }, html: { html } };
}
