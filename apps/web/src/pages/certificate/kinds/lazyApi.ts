/**
 * A kind's certificate calls (view, extract) whose code loads on the first call (issue 16): the registry
 * (./index.ts) names every kind, so without this a data certificate /attestation/{no} would download the
 * web, process, music and app API modules too (7 small scripts on its first screen). The query-key names
 * are given here because the page needs them before the module is loaded; lazyApi.test.ts checks them
 * against the kinds' real `KindApi`.
 */
import type { CertificateView, DownUrl } from '../../../api/certificate';
import type { CaptchaAnswer, EvidenceRow, KindApi } from '../../../api/kinds/types';
import type { CertificateKind } from './types';

type CertApi<View extends CertificateView> = Pick<KindApi<EvidenceRow, View>, 'view' | 'extract'>;

/**
 * `keys` plus view/extract that import the kind's API module on first use (then call it).
 * Errors: a failed chunk load rejects the call like a failed request (the page shows its error block).
 */
export function lazyKindApi<View extends CertificateView>(keys: KindApi['keys'], load: () => Promise<CertApi<View>>): CertificateKind<View>['api'] {
  let mod: Promise<CertApi<View>> | null = null;
  const api = () =>
    (mod ??= load().catch((e: unknown) => {
      mod = null; // ask again on the next call
      throw e;
    }));
  return {
    keys,
    view: async (baoquan: string, silent?: boolean): Promise<View> => (await api()).view(baoquan, silent),
    extract: async (baoquan: string, code: string, captcha?: CaptchaAnswer): Promise<DownUrl> => (await api()).extract(baoquan, code, captcha),
  };
}
