/**
 * Trust use cases (issue 3 §1–2; DESIGN.md Trust design §3): the built-in TSA, the RFC 3161 client used
 * for every deposit, stored tokens, token verification and the signed certificate PDF.
 *
 * Decisions:
 * - TSA_URL unset (embedded default): the client calls the built-in TSA in-process through the same
 *   `respond()` that serves POST /tsa — no network hop, and no dependence on PUBLIC_URL being reachable
 *   from the server itself (it is often a load balancer or an https name). TSA_URL set: HTTP.
 * - Keys are loaded (or generated, first start) as soon as the service is built; `ready()` rejects when
 *   the configuration is inconsistent, and the route plugin awaits it so the app refuses to start.
 * - Trusted roots for verification: the built-in root (always present: old tokens stay verifiable after
 *   switching to an external TSA) plus the root of TSA_CHAIN when set. Without TSA_CHAIN an external
 *   TSA's token is checked for its signature and imprint only.
 * - Any TSA failure becomes 400 可信时间戳服务暂不可用，请稍后重试; the cause goes to the log only.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest } from '../../platform/errors.ts';
import { rootCrl } from './crl.ts';
import { loadTrustKeys, pemSource, type Identity } from './keys.ts';
import { addDocTimestampLazy, lazyPdfSigner } from './pdf-lazy.ts';
import type { LtaSource } from './pdf-lta.ts';
import type { PdfSigner } from './pdf-signing.ts';
import { BUILTIN_TSA_POLICY, fromPem, toPem } from './pki.ts';
import { waczCertificateChain } from './waczCert.ts';
import { waczSigner } from '../../platform/capture/signer.ts';
import path from 'node:path';
import * as repo from './repo.ts';
import { httpTransport, tsaClient, TsaUnavailable, type Stamp, type TsaClient } from './tsa-client.ts';
import { grantedResponse, tsaServer, type TsaServer } from './tsa-server.ts';
import type { TimestampRecord, Timestamper, TrustReader } from './types.ts';
import { parseToken, verifyToken, type VerifyOptions, type VerifyResult } from './verify.ts';
import { MSG } from '@cunzheng/contract/messages';

/** The document time-stamps of a PDF (pure parse; pdf-timestamps.ts). */
export { docTimestamps, type DocTimestampInfo } from './pdf-timestamps.ts';

export type TrustConfig = Pick<
  Config,
  'dataDir' | 'PUBLIC_URL' | 'TSA_URL' | 'TSA_TIMEOUT_MS' | 'TSA_CHAIN' | 'TSA_KEY' | 'TSA_CERT' | 'TSA_CA_CERT' | 'TSA_POLICY' | 'PDF_SIGN_KEY' | 'PDF_SIGN_CERT' | 'PDF_SIGN_CA_CERT'
>;

export interface TrustDeps {
  db: DbOrTx;
  config: TrustConfig;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Replaces the local PDF signer (an HSM or cloud signing service); default: DATA_DIR/env key. */
  pdfSigner?: PdfSigner;
}

interface Loaded {
  /** The generated root CA with its key; null when both identities come from env. */
  root: Identity | null;
  tsa: TsaServer;
  client: TsaClient;
  builtinChain: Buffer[];
  externalChain: Buffer[];
  verifyOpts: VerifyOptions;
  signPdf: PdfSigner;
  /** DSS data and document time-stamps for B-LTA (pdf-lta.ts). */
  lta: LtaSource;
}

/**
 * The B-LTA source (issue 10 §3): DSS certificates = document signer chain + TSA chain (root included),
 * CRLs = a fresh root CRL when the root is held here (both the signer and the built-in TSA are issued
 * directly by the root, so no intermediate CRL exists); time-stamps from the deposit TSA.
 */
function ltaSource(root: Identity | null, signerChain: Buffer[], tsaChain: Buffer[], stamp: (h: Buffer) => Promise<Stamp>): LtaSource {
  return {
    async validation() {
      return { certs: [...signerChain, ...tsaChain], crls: root ? [await rootCrl(root)] : [] };
    },
    stamp,
  };
}

/** Builds the trust service; starts loading (or generating) the keys at once. */
export function trustService(deps: TrustDeps) {
  const { config, log } = deps;

  async function load(): Promise<Loaded> {
    const keys = await loadTrustKeys(config.dataDir, config);
    const tsa = tsaServer({ identity: keys.tsa, policy: config.TSA_POLICY ?? BUILTIN_TSA_POLICY });
    const builtinChain = [keys.tsa.certDer, ...keys.tsa.chain];
    const externalChain = config.TSA_CHAIN ? fromPem(pemSource(config.TSA_CHAIN, 'TSA_CHAIN'), 'CERTIFICATE') : [];
    if (config.TSA_CHAIN && externalChain.length === 0) throw new Error('配置错误 / invalid configuration: TSA_CHAIN holds no CERTIFICATE');
    const builtinRoot = builtinChain.at(-1)!;
    const externalRoot = externalChain.at(-1);
    const verifyOpts: VerifyOptions = { roots: externalRoot ? [builtinRoot, externalRoot] : [builtinRoot], certificates: [...builtinChain, ...externalChain] };
    const clientOpts: VerifyOptions = !config.TSA_URL
      ? { roots: [builtinRoot], certificates: builtinChain }
      : externalRoot
        ? { roots: [externalRoot], certificates: externalChain }
        : { roots: [] };
    const transport = config.TSA_URL ? httpTransport(config.TSA_URL, config.TSA_TIMEOUT_MS) : (q: Buffer) => tsa.respond(q);
    const client = tsaClient(transport, () => clientOpts);
    const lta = ltaSource(keys.root, [keys.document.certDer, ...keys.document.chain], config.TSA_URL ? externalChain : builtinChain, (h) => stampOrFail(client, h));
    const signPdf = deps.pdfSigner ?? lazyPdfSigner({ identity: keys.document, stamp: (h) => stampOrFail(client, h), contact: config.PUBLIC_URL, lta });
    return { root: keys.root, tsa, client, builtinChain, externalChain, verifyOpts, signPdf, lta };
  }

  /** client.stamp with every failure mapped to 400 可信时间戳服务暂不可用，请稍后重试 (cause logged). */
  async function stampOrFail(client: TsaClient, sha256: string | Buffer): Promise<Stamp> {
    try {
      return await client.stamp(sha256);
    } catch (e) {
      if (e instanceof TsaUnavailable) log.warn({ err: e.message, tsa: config.TSA_URL ?? 'built-in' }, 'time-stamping failed');
      else log.error({ err: e }, 'time-stamping error');
      throw badRequest(MSG.TSA_UNAVAILABLE);
    }
  }

  const loading = load();
  loading.catch(() => {}); // surfaced by ready() and by every call

  const pem = (certs: Buffer[]) => certs.map((c) => toPem('CERTIFICATE', c)).join('');

  const reader: TrustReader = {
    async tokenFor(evidenceId: number): Promise<TimestampRecord | null> {
      const row = await repo.findTimestamp(deps.db, evidenceId);
      if (!row) return null;
      return { token: row.token, response: grantedResponse(row.token), genTime: row.genTime, serial: row.serial, tsaName: row.tsaName, sha256: row.sha256 };
    },

    async tsaChainPem(token?: Uint8Array): Promise<string> {
      const l = await loading;
      if (!token) return pem(config.TSA_URL && l.externalChain.length ? l.externalChain : l.builtinChain);
      let signer: Buffer | null = null;
      let embedded: Buffer[] = [];
      try {
        const parsed = parseToken(token, [...l.builtinChain, ...l.externalChain]);
        signer = parsed.info.signerCert;
        embedded = parsed.info.certificates;
      } catch {
        return pem(l.builtinChain);
      }
      if (!signer || signer.equals(l.builtinChain[0]!)) return pem(l.builtinChain);
      if (l.externalChain.some((c) => c.equals(signer))) return pem(l.externalChain);
      return pem([signer, ...embedded.filter((c) => !c.equals(signer))]);
    },

    async verifyToken(token: Uint8Array, sha256: string | Uint8Array): Promise<VerifyResult> {
      return verifyToken(token, sha256, (await loading).verifyOpts);
    },
  };

  const timestamper: Timestamper = {
    async stamp(sha256: string): Promise<Stamp> {
      let l: Loaded;
      try {
        l = await loading;
      } catch (e) {
        log.error({ err: e }, 'trust keys unavailable');
        throw badRequest(MSG.TSA_UNAVAILABLE);
      }
      return stampOrFail(l.client, sha256);
    },
    async record(tx: DbOrTx, evidenceId: number, stamp: Stamp): Promise<void> {
      await repo.insertTimestamp(tx, { evidenceId, token: stamp.token, genTime: stamp.genTime, serial: stamp.serial, tsaName: stamp.tsaName, sha256: stamp.sha256 });
    },
  };

  return {
    ...reader,
    ...timestamper,

    /** Resolves when the keys are loaded; rejects with a readable Error for a bad configuration. */
    async ready(): Promise<void> {
      await loading;
    },

    /** POST /tsa: DER TimeStampReq → DER TimeStampResp of the built-in TSA (rejection for bad input). */
    async respond(query: Uint8Array): Promise<Buffer> {
      return (await loading).tsa.respond(query);
    },

    /** A rejection TimeStampResp (e.g. when the caller is rate-limited). */
    async reject(failBit: number, text: string): Promise<Buffer> {
      return (await loading).tsa.reject(failBit, text);
    },

    /**
     * Signs a certificate PDF (PAdES B-T, see pdf-signing.ts). 400 可信时间戳服务暂不可用，请稍后重试 when
     * the TSA fails; other errors propagate (500).
     */
    async signPdf(pdf: Buffer): Promise<Buffer> {
      return (await loading).signPdf(pdf);
    },

    /**
     * Re-timestamps a B-LTA PDF (issue 10 §3): appends fresh DSS validation data and a new document
     * time-stamp by incremental update (pdf-lta.ts); earlier bytes are unchanged. 400
     * 可信时间戳服务暂不可用，请稍后重试 when the TSA fails.
     */
    async extendPdf(pdf: Buffer): Promise<Buffer> {
      return addDocTimestampLazy(pdf, (await loading).lta);
    },

    /** notAfter (Unix seconds) of the certificate of the TSA that time-stamps now (built-in or TSA_CHAIN's first); null when unknown. */
    async tsaNotAfter(): Promise<number | null> {
      const l = await loading;
      const cert = config.TSA_URL ? l.externalChain[0] : l.builtinChain[0];
      return cert ? Math.floor(new crypto.X509Certificate(cert).validToDate.getTime() / 1000) : null;
    },

    /**
     * SHA-256 fingerprint of the built-in root CA certificate (DER), upper-case hex pairs joined by ':'
     * (as `openssl x509 -fingerprint -sha256` prints it); printed on certificates (issue 10 §2).
     */
    async rootFingerprint(): Promise<string> {
      const der = (await loading).builtinChain.at(-1)!;
      return (crypto.createHash('sha256').update(der).digest('hex').toUpperCase().match(/../g) ?? []).join(':');
    },

    /**
     * DER X.509 CRL of the built-in root CA (GET /api/trust/root.crl; issue 10 §3), freshly signed, valid
     * 7 days; null when the root is not held here (identities supplied by env).
     */
    async rootCrl(): Promise<Buffer | null> {
      const l = await loading;
      return l.root ? rootCrl(l.root) : null;
    },

    /**
     * PEM chain [WACZ signing certificate, root CA] certifying the WACZ signing key (issue 10 §4, waczCert.ts):
     * `spkiB64` is the signer's base64 DER SPKI (default: the platform's key in DATA_DIR); null when the
     * root is not held here (identities supplied by env) — WACZ are then signed anonymously only.
     */
    async waczCertificate(spkiB64?: string): Promise<string | null> {
      const l = await loading;
      return waczCertificateChain(l.root, path.join(config.dataDir, 'keys'), spkiB64 ?? waczSigner(config.dataDir, '', '').publicKey);
    },

    /** PEM of the built-in root CA (what to import to trust the platform's TSA and PDF signatures). */
    async rootPem(): Promise<string> {
      return pem([(await loading).builtinChain.at(-1)!]);
    },
  };
}

export type TrustService = ReturnType<typeof trustService>;
