/**
 * Further signing identities issued by the platform root (issue 15): a notary office's long-lived
 * document-signing certificate, and one-off event certificates (事件证书) bound to a verified user's real
 * name for signing the documents of one notarization order. Each is a `document` profile certificate
 * (digitalSignature + nonRepudiation, EKU documentSigning + emailProtection, so pdfsig/Adobe accept it),
 * and PDFs are signed PAdES B-T with it through the same signer as the certificate PDFs.
 */
import crypto from 'node:crypto';
import type { Config } from '../../config.ts';
import { issueCertificate } from './certs.ts';
import { loadTrustKeys, type Identity } from './keys.ts';
import { lazyPdfSigner } from './pdf-lazy.ts';
import { commonName, localKeySigner, parseCert } from './pki.ts';
import type { Stamp } from './tsa-client.ts';

/** A portable identity: PKCS#8 private key and certificate chain (own certificate first), DER. */
export interface IdentityBundle {
  keyPkcs8: Buffer;
  chain: Buffer[];
}

export interface IdentityDeps {
  config: Pick<Config, 'dataDir' | 'PUBLIC_URL' | 'TSA_KEY' | 'TSA_CERT' | 'TSA_CA_CERT' | 'PDF_SIGN_KEY' | 'PDF_SIGN_CERT' | 'PDF_SIGN_CA_CERT'>;
  /** RFC 3161 stamp of a SHA-256 (hex) — the trust service's `stamp` (400 when the TSA fails). */
  stamp(sha256: string): Promise<Stamp>;
}

/** Subject of an issued identity (X.500 name parts). */
export interface SubjectName {
  org: string;
  unit?: string;
  cn: string;
}

/** Builds the identity issuer/signer over the platform root of DATA_DIR. */
export function identityService(deps: IdentityDeps) {
  let rootP: Promise<Identity> | null = null;
  const root = (): Promise<Identity> => {
    rootP ??= loadTrustKeys(deps.config.dataDir, deps.config).then((k) => {
      if (!k.root) throw new Error('no built-in root CA: both TSA and PDF signing identities come from env');
      return k.root;
    });
    return rootP;
  };

  const toIdentity = (b: IdentityBundle): Identity => {
    const [certDer, ...chain] = b.chain;
    const cert = parseCert(certDer!);
    return { cert, certDer: certDer!, chain, signer: localKeySigner(crypto.createPrivateKey({ key: b.keyPkcs8, format: 'der', type: 'pkcs8' })), name: commonName(cert.subject) };
  };

  return {
    /** Issues a new EC P-256 key and a document-signing certificate for `subject`, valid `years`, from the platform root. */
    async issue(subject: SubjectName, years: number): Promise<IdentityBundle> {
      const r = await root();
      const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const certDer = await issueCertificate({ profile: 'document', subject: { country: 'CN', ...subject }, publicKey, issuerCert: r.cert, signer: r.signer, years });
      return { keyPkcs8: privateKey.export({ type: 'pkcs8', format: 'der' }), chain: [certDer, r.certDer, ...r.chain] };
    },

    /** PAdES B-T signature of `pdf` by `bundle` with /Reason `reason`. 400 when the TSA fails. */
    async signPdf(bundle: IdentityBundle, pdf: Buffer, reason: string): Promise<Buffer> {
      const identity = toIdentity(bundle);
      const signer = lazyPdfSigner({ identity, reason, contact: deps.config.PUBLIC_URL, stamp: (h) => deps.stamp(h.toString('hex')) });
      return signer(pdf);
    },

    /**
     * Imports an identity held elsewhere (issue 15 §3, CLI notary:office-create --key/--cert): a PKCS#8 or
     * SEC1 PEM private key, its certificate and optionally the issuer chain (PEM). The key must match the
     * certificate and every certificate must be signed by the next; when the chain does not end in a
     * self-signed certificate the platform root must have issued its last one (it is then appended).
     * Throws a plain Error saying what is wrong.
     */
    async importIdentity(keyPem: string, certPem: string, chainPem = ''): Promise<IdentityBundle> {
      const key = crypto.createPrivateKey(keyPem);
      const pems = (t: string) => t.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
      const certs = [...pems(certPem), ...pems(chainPem)].map((p) => new crypto.X509Certificate(p));
      if (certs.length === 0) throw new Error('no certificate in --cert');
      if (!certs[0]!.checkPrivateKey(key)) throw new Error('the private key does not match the certificate');
      const last = certs.at(-1)!;
      if (!(last.checkIssued(last) && last.verify(last.publicKey))) {
        const r = await root();
        const rootX = new crypto.X509Certificate(r.certDer);
        if (!(last.checkIssued(rootX) && last.verify(rootX.publicKey))) throw new Error('the certificate chain does not end at a root, and the platform root did not issue it');
        certs.push(rootX);
      }
      for (let i = 0; i + 1 < certs.length; i++) if (!certs[i]!.verify(certs[i + 1]!.publicKey)) throw new Error(`certificate ${i + 1} of the chain is not signed by the next one`);
      const now = Date.now();
      if (new Date(certs[0]!.validTo).getTime() < now || new Date(certs[0]!.validFrom).getTime() > now) throw new Error('the certificate is not valid now');
      return { keyPkcs8: key.export({ type: 'pkcs8', format: 'der' }), chain: certs.map((c) => c.raw) };
    },

    /** Subject CN of a bundle's certificate. */
    nameOf: (bundle: IdentityBundle): string => toIdentity(bundle).name,
  };
}

export type IdentityService = ReturnType<typeof identityService>;
