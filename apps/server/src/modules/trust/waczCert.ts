/**
 * The WACZ signing identity (issue 10 §4): the platform root certifies the WACZ signing key
 * (DATA_DIR/keys/wacz-signing.key, P-384, platform/capture/signer.ts) with a `document`-profile X.509
 * certificate (digitalSignature + nonRepudiation, EKU documentSigning + emailProtection, CN "Cunzheng WACZ
 * Signing"). The certificate and the root form the chain that every new WACZ carries in its signature
 * block (`signedData.crossSignedCert`, see signer.ts) and that GET /api/trust/wacz-signing.pem publishes.
 *
 * Issued once per key and kept in DATA_DIR/keys/wacz-signing.crt.pem (public, 0644): a restart serves the
 * same bytes; a new key or a new root issues a new certificate.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { issueCertificate } from './certs.ts';
import type { Identity } from './keys.ts';
import { fromPem, parseCert, toPem } from './pki.ts';

/** Years the WACZ signing certificate is valid (as the document signer). */
export const WACZ_CERT_YEARS = 20;

const spkiOf = (der: Buffer): Buffer => Buffer.from(parseCert(der).subjectPublicKeyInfo.toSchema().toBER(false));

/**
 * PEM chain [WACZ signing certificate, root] for the P-384 public key `spkiB64` (base64 DER SPKI), issued by
 * `root` on first use and cached in `keysDir`. Null when the platform holds no root (identities from env).
 */
export async function waczCertificateChain(root: Identity | null, keysDir: string, spkiB64: string): Promise<string | null> {
  if (!root) return null;
  const spki = Buffer.from(spkiB64, 'base64');
  const file = path.join(keysDir, 'wacz-signing.crt.pem');
  try {
    const [leaf, issuer] = fromPem(fs.readFileSync(file, 'utf8'), 'CERTIFICATE');
    if (leaf && issuer && issuer.equals(root.certDer) && spkiOf(leaf).equals(spki)) return toPem('CERTIFICATE', leaf) + toPem('CERTIFICATE', issuer);
  } catch {
    // absent or unreadable: issue below
  }
  const publicKey = crypto.createPublicKey({ key: spki, format: 'der', type: 'spki' });
  const leaf = await issueCertificate({
    profile: 'document',
    subject: { country: 'CN', org: 'Cunzheng', unit: 'Web Capture', cn: 'Cunzheng WACZ Signing' },
    publicKey,
    issuerCert: root.cert,
    signer: root.signer,
    years: WACZ_CERT_YEARS,
  });
  const pem = toPem('CERTIFICATE', leaf) + toPem('CERTIFICATE', root.certDer);
  fs.mkdirSync(keysDir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(`${file}.tmp`, pem, { mode: 0o644 });
  fs.renameSync(`${file}.tmp`, file);
  return pem;
}
