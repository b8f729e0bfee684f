/**
 * WACZ signing, anonymous mode of "WACZ Signing and Verification" 0.1.0 (webrecorder wacz-auth; issue 4
 * §1): `signedData = {hash, created, software, version, signature, publicKey}` where `hash` is the
 * `sha256:<hex>` of datapackage.json, `signature` is ECDSA P-384 with SHA-256 over the UTF-8 bytes of that
 * hash string, IEEE P1363 (r‖s) encoded, base64, and `publicKey` is the base64 DER SubjectPublicKeyInfo —
 * the parameters ReplayWeb.page (wabac.js `verifyWACZSignature`) and ArchiveWeb.page use.
 *
 * Identity (issue 10 §4): the key is certified by the platform root CA (trust module, waczCert.ts). The
 * certificate chain [signing certificate, root] (PEM) goes into signedData as `crossSignedCert` — the field
 * the spec's domain-identity mode gives a certificate of the same key issued by a custom CA — beside the
 * anonymous mode's `publicKey`, so ReplayWeb.page still verifies the signature and an expert can tie the
 * key to the platform root pinned by its fingerprint (VERIFY.md).
 *
 * The private key is the 48-byte P-384 scalar kept in DATA_DIR/keys/wacz-signing.key (0600, created on
 * first use by `loadOrCreateSecret`), or given base64 in WACZ_SIGNING_KEY.
 */
import crypto, { type KeyObject } from 'node:crypto';
import { loadOrCreateSecret } from '../secrets.ts';

export interface WaczSignedData {
  hash: string;
  created: string;
  software: string;
  version: string;
  signature: string;
  publicKey: string;
  /** PEM chain [certificate of publicKey, platform root] (issue 10 §4); absent when no root is held. */
  crossSignedCert?: string;
}

export interface WaczSigner {
  /** Base64 DER SPKI of the signing key (publish it so signatures can be attributed to the platform). */
  publicKey: string;
  /** Signs `hash` (the `sha256:<hex>` string of datapackage.json) at `created` (RFC 3339). */
  sign(hash: string, created: string): WaczSignedData;
  /** Verifies signedData with its own publicKey (what a third party does). */
  verify(d: Pick<WaczSignedData, 'hash' | 'signature' | 'publicKey'>): boolean;
  /** The PEM chain certifying `publicKey` (issue 10 §4), or null when the key is not certified. */
  certificate(): Promise<string | null>;
}

export const SIGNING_ALGORITHM = 'ECDSA P-384 / SHA-256 (wacz-auth 0.1.0 anonymous)';

/** The P-384 private key of a 48-byte scalar. */
function keyFromScalar(d: Buffer): KeyObject {
  const ecdh = crypto.createECDH('secp384r1');
  ecdh.setPrivateKey(d);
  const pub = ecdh.getPublicKey(); // 0x04 ‖ x ‖ y
  const b64u = (b: Buffer) => b.toString('base64url');
  return crypto.createPrivateKey({ key: { kty: 'EC', crv: 'P-384', d: b64u(d), x: b64u(pub.subarray(1, 49)), y: b64u(pub.subarray(49, 97)) }, format: 'jwk' });
}

/**
 * Builds the signer from DATA_DIR (or `fromEnv`, base64 of the 48-byte scalar). `certify` returns the PEM
 * chain certifying a base64 SPKI (trust service `waczCertificate`); a failure leaves the WACZ anonymous.
 */
export function waczSigner(dataDir: string, software: string, version: string, fromEnv?: string, certify?: (spkiB64: string) => Promise<string | null>): WaczSigner {
  const key = keyFromScalar(loadOrCreateSecret(dataDir, 'wacz-signing.key', 48, fromEnv));
  const publicKey = crypto.createPublicKey(key).export({ type: 'spki', format: 'der' }).toString('base64');
  return {
    publicKey,
    sign(hash, created) {
      const signature = crypto.sign('sha256', Buffer.from(hash, 'utf8'), { key, dsaEncoding: 'ieee-p1363' }).toString('base64');
      return { hash, created, software, version, signature, publicKey };
    },
    async certificate() {
      if (!certify) return null;
      try {
        return await certify(publicKey);
      } catch {
        return null;
      }
    },
    verify(d) {
      try {
        const pub = crypto.createPublicKey({ key: Buffer.from(d.publicKey, 'base64'), format: 'der', type: 'spki' });
        return crypto.verify('sha256', Buffer.from(d.hash, 'utf8'), { key: pub, dsaEncoding: 'ieee-p1363' }, Buffer.from(d.signature, 'base64'));
      } catch {
        return false;
      }
    },
  };
}
