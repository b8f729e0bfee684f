/**
 * The platform's signing identities (issue 3 §1–2; DESIGN.md Security rules "secrets generated on first
 * start into DATA_DIR with 0600 permissions, or supplied by env"):
 *   - root CA            DATA_DIR/keys/trust-root.pem   (self-signed, EC P-256, 30 years)
 *   - time-stamping unit DATA_DIR/keys/tsa.pem          (issued by the root; EKU timeStamping, critical)
 *   - document signer    DATA_DIR/keys/pdf-sign.pem     (issued by the same root; signs certificate PDFs)
 * Each bundle file (mode 0600) holds the PKCS#8 private key, the certificate, then its issuer chain.
 * Public copies for operators: DATA_DIR/keys/trust-root.crt.pem and DATA_DIR/keys/tsa-chain.pem.
 *
 * Env instead of files: TSA_KEY + TSA_CERT (+ TSA_CA_CERT), PDF_SIGN_KEY + PDF_SIGN_CERT (+ PDF_SIGN_CA_CERT);
 * each value is PEM text (literal `\n` accepted) or the path of a PEM file. Keys: EC P-256/P-384 or RSA.
 */
import crypto, { type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type * as pkijs from 'pkijs';
import { issueCertificate, type CertProfile } from './certs.ts';
import { commonName, fromPem, localKeySigner, parseCert, toPem, type KeySigner } from './pki.ts';

/** A certificate with the key that signs for it. */
export interface Identity {
  cert: pkijs.Certificate;
  certDer: Buffer;
  /** Issuer certificates, nearest first, ending with the root when known (DER). */
  chain: Buffer[];
  signer: KeySigner;
  /** Common name of the subject, for display. */
  name: string;
}

export interface TrustKeys {
  /** Root CA certificate of the generated hierarchy (DER); null when both identities come from env. */
  rootDer: Buffer | null;
  /** The generated root CA with its key (issues further identities, e.g. notary offices); null when both identities come from env. */
  root: Identity | null;
  tsa: Identity;
  document: Identity;
}

/** Env variables read by `loadTrustKeys` (PEM text or a file path each). */
export interface TrustKeyEnv {
  TSA_KEY?: string;
  TSA_CERT?: string;
  TSA_CA_CERT?: string;
  PDF_SIGN_KEY?: string;
  PDF_SIGN_CERT?: string;
  PDF_SIGN_CA_CERT?: string;
}

/** Subject names of the generated certificates. */
const ORG = '存证电子数据保全平台 Cunzheng';
const SUBJECTS: Record<CertProfile, { country: string; org: string; unit?: string; cn: string }> = {
  root: { country: 'CN', org: ORG, cn: 'Cunzheng Root CA' },
  tsa: { country: 'CN', org: ORG, unit: '可信时间戳服务', cn: 'Cunzheng Time Stamping Authority' },
  document: { country: 'CN', org: ORG, unit: '保全证书签章', cn: 'Cunzheng Certificate Signing' },
};
const YEARS: Record<CertProfile, number> = { root: 30, tsa: 20, document: 20 };

/** PEM text of an env value: the value itself when it holds PEM, else the contents of the file it names. */
export function pemSource(v: string, variable: string): string {
  if (v.includes('-----BEGIN')) return v;
  try {
    return fs.readFileSync(v, 'utf8');
  } catch {
    throw new Error(`配置错误 / invalid configuration: ${variable} is neither PEM text nor a readable file`);
  }
}

/** Builds an identity from a private key and certificate(s); checks that they belong together. */
function identityOf(key: KeyObject, certDer: Buffer, chain: Buffer[], what: string): Identity {
  const cert = parseCert(certDer);
  const spkiOfKey = crypto.createPublicKey(key).export({ type: 'spki', format: 'der' });
  const spkiOfCert = new crypto.X509Certificate(certDer).publicKey.export({ type: 'spki', format: 'der' });
  if (!spkiOfKey.equals(spkiOfCert)) throw new Error(`配置错误 / invalid configuration: the ${what} private key does not match its certificate`);
  return { cert, certDer, chain, signer: localKeySigner(key), name: commonName(cert.subject) };
}

/** Reads a bundle file (key, certificate, chain); null when missing. */
function readBundle(file: string, what: string): Identity | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  const [keyDer] = fromPem(text, 'PRIVATE KEY');
  const [certDer, ...chain] = fromPem(text, 'CERTIFICATE');
  if (!keyDer || !certDer) throw new Error(`${file}: damaged ${what} key file (expected a PRIVATE KEY and a CERTIFICATE block)`);
  return identityOf(crypto.createPrivateKey({ key: keyDer, format: 'der', type: 'pkcs8' }), certDer, chain, what);
}

/**
 * Writes `text` to `file` with mode 0600 unless it exists, atomically (temp file + link). Returns
 * false when another process created it first.
 */
function writeOnce(file: string, text: string): boolean {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, text, { mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/** Loads the bundle `file`, or generates a new key and certificate of `profile` issued by `issuer`. */
async function loadOrIssue(file: string, profile: CertProfile, issuer: Identity | null): Promise<Identity> {
  const existing = readBundle(file, profile);
  if (existing) return existing;
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const signer = localKeySigner(privateKey);
  const certDer = await issueCertificate({
    profile,
    subject: SUBJECTS[profile],
    publicKey,
    issuerCert: issuer?.cert ?? null,
    signer: issuer?.signer ?? signer,
    years: YEARS[profile],
  });
  const chain = issuer ? [issuer.certDer, ...issuer.chain] : [];
  const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'der' });
  const text = toPem('PRIVATE KEY', pkcs8) + [certDer, ...chain].map((c) => toPem('CERTIFICATE', c)).join('');
  if (!writeOnce(file, text)) return readBundle(file, profile) as Identity;
  return identityOf(privateKey, certDer, chain, profile);
}

/** An identity from env variables, or null when neither key nor certificate is set. */
function fromEnv(keyVar: string, key: string | undefined, certVar: string, cert: string | undefined, caVar: string, ca: string | undefined): Identity | null {
  if (!key && !cert) return null;
  if (!key || !cert) throw new Error(`配置错误 / invalid configuration: ${keyVar} and ${certVar} must be set together`);
  const keyPem = pemSource(key, keyVar);
  const [certDer, ...rest] = fromPem(pemSource(cert, certVar), 'CERTIFICATE');
  if (!certDer) throw new Error(`配置错误 / invalid configuration: ${certVar} holds no CERTIFICATE`);
  const chain = [...rest, ...(ca ? fromPem(pemSource(ca, caVar), 'CERTIFICATE') : [])];
  let keyObject: KeyObject;
  try {
    keyObject = crypto.createPrivateKey(keyPem.replace(/\\n/g, '\n'));
  } catch {
    throw new Error(`配置错误 / invalid configuration: ${keyVar} is not a PEM private key`);
  }
  return identityOf(keyObject, certDer, chain, keyVar);
}

/** Writes a public file (0644) when its content differs. */
function writePublic(file: string, text: string): void {
  try {
    if (fs.readFileSync(file, 'utf8') === text) return;
  } catch {
    /* missing: write it */
  }
  fs.writeFileSync(file, text, { mode: 0o644 });
}

/**
 * Loads (or on first start generates) the root CA, the TSA identity and the document signer.
 * Identities given by env win over files; the root is generated whenever a generated identity needs it.
 * Throws Error with a readable message for an inconsistent env configuration.
 */
export async function loadTrustKeys(dataDir: string, env: TrustKeyEnv = {}): Promise<TrustKeys> {
  const dir = path.join(dataDir, 'keys');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const envTsa = fromEnv('TSA_KEY', env.TSA_KEY, 'TSA_CERT', env.TSA_CERT, 'TSA_CA_CERT', env.TSA_CA_CERT);
  const envDoc = fromEnv('PDF_SIGN_KEY', env.PDF_SIGN_KEY, 'PDF_SIGN_CERT', env.PDF_SIGN_CERT, 'PDF_SIGN_CA_CERT', env.PDF_SIGN_CA_CERT);
  const root = envTsa && envDoc ? null : await loadOrIssue(path.join(dir, 'trust-root.pem'), 'root', null);
  const tsa = envTsa ?? (await loadOrIssue(path.join(dir, 'tsa.pem'), 'tsa', root));
  const document = envDoc ?? (await loadOrIssue(path.join(dir, 'pdf-sign.pem'), 'document', root));
  if (root) writePublic(path.join(dir, 'trust-root.crt.pem'), toPem('CERTIFICATE', root.certDer));
  writePublic(path.join(dir, 'tsa-chain.pem'), [tsa.certDer, ...tsa.chain].map((c) => toPem('CERTIFICATE', c)).join(''));
  return { rootDer: root?.certDer ?? null, root, tsa, document };
}
