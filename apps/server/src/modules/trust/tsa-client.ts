/**
 * RFC 3161 client (issue 3 §1): builds a TimeStampReq for a SHA-256 (with a random nonce and certReq),
 * sends it through a transport, and accepts the answer only if it is granted, for this imprint and
 * nonce, and its signature verifies. Transports:
 *   - in-process: the built-in TSA's `respond()` — the same function that serves POST /tsa (default);
 *   - HTTP: POST `application/timestamp-query` to TSA_URL (external TSAs in production; credentials in
 *     the URL become HTTP Basic authentication).
 * Any failure throws TsaUnavailable (the deposit then fails cleanly); the detail is for the log only.
 */
import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { OID, ab, der, readTlv } from './pki.ts';
import { fastTokenVerifier } from './tsa-fastverify.ts';
import { verifyToken, type VerifyOptions, type VerifyResult } from './verify.ts';

/** Sends a DER TimeStampReq, resolves to the DER TimeStampResp. */
export type TsaTransport = (query: Buffer) => Promise<Buffer>;

/** A granted, verified time-stamp over a SHA-256. */
export interface Stamp {
  /** The token: DER ContentInfo (what `openssl ts -verify -in` takes as a token with `-token_in`). */
  token: Buffer;
  /** genTime, Unix seconds. */
  genTime: number;
  /** Serial number, hex. */
  serial: string;
  /** TSA name (CN of its certificate). */
  tsaName: string;
  /** The stamped SHA-256, hex. */
  sha256: string;
}

/** The TSA could not be reached or answered something unusable. */
export class TsaUnavailable extends Error {}

/** Largest accepted response, bytes (tokens with long chains are ~10 KB). */
const MAX_RESPONSE_BYTES = 256 * 1024;

/** DER TimeStampReq (v1, SHA-256 imprint, nonce, certReq true), built with pkijs (any nonce). */
function pkijsQuery(sha256: Buffer, nonce: Buffer): Buffer {
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256, algorithmParams: new asn1js.Null() }),
      hashedMessage: new asn1js.OctetString({ valueHex: ab(sha256) }),
    }),
    nonce: new asn1js.Integer({ valueHex: ab(nonce) }),
    certReq: true,
  });
  return der(req);
}

/** DER MessageImprint prefix { sha256 with NULL parameters, OCTET STRING (32) } as buildQuery writes it. */
const SHA256_IMPRINT_PREFIX = Buffer.from('3031300d060960864801650304020105000420', 'hex');
/** SEQUENCE (67 bytes) { INTEGER 1, the imprint prefix } … then the digest, the 8-byte nonce, BOOLEAN TRUE. */
const QUERY_PREFIX = Buffer.concat([Buffer.from('3043020101', 'hex'), SHA256_IMPRINT_PREFIX]);
const NONCE8 = Buffer.from('0208', 'hex');
const CERT_REQ = Buffer.from('0101ff', 'hex');

/**
 * DER TimeStampReq (v1, SHA-256 imprint, nonce, certReq true). Issue 16: the stamp's own query (a 64-bit
 * positive nonce, newNonce) is spliced from constant bytes — byte for byte what pkijs encodes (tsa-query.test.ts);
 * any other nonce goes through pkijs.
 */
export function buildQuery(sha256: Buffer, nonce: Buffer): Buffer {
  if (sha256.length === 32 && nonce.length === 8 && nonce[0]! >= 0x01 && nonce[0]! <= 0x7f) return Buffer.concat([QUERY_PREFIX, sha256, NONCE8, nonce, CERT_REQ], 69);
  return pkijsQuery(sha256, nonce);
}

/** DER MessageImprint { sha256 with NULL parameters, digest } as buildQuery writes it. */
const sha256Imprint = (digest: Buffer): Buffer => Buffer.concat([SHA256_IMPRINT_PREFIX, digest]);

/** HTTP transport to `url` with a timeout (ms). */
export function httpTransport(url: string, timeoutMs: number): TsaTransport {
  const u = new URL(url);
  const headers: Record<string, string> = { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' };
  if (u.username || u.password) {
    headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`).toString('base64')}`;
    u.username = '';
    u.password = '';
  }
  const target = u.toString();
  return async (query) => {
    let res: Response;
    try {
      res = await fetch(target, { method: 'POST', headers, body: new Uint8Array(query), signal: AbortSignal.timeout(timeoutMs) });
    } catch (e) {
      throw new TsaUnavailable(`TSA ${u.host} unreachable: ${(e as Error).message}`);
    }
    if (!res.ok) throw new TsaUnavailable(`TSA ${u.host} answered HTTP ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    if (body.length > MAX_RESPONSE_BYTES) throw new TsaUnavailable(`TSA ${u.host} answered ${body.length} bytes`);
    return body;
  };
}

/**
 * Parses a DER TimeStampResp and checks it answers `query` (imprint, nonce) with a valid token.
 * Throws TsaUnavailable with the reason otherwise.
 */
export function acceptResponse(resp: Buffer, sha256: Buffer, nonce: Buffer, verify: VerifyOptions, check: (token: Buffer) => VerifyResult = (t) => verifyToken(t, sha256, verify)): Stamp {
  // Split TimeStampResp ::= SEQUENCE { status PKIStatusInfo, timeStampToken OPTIONAL } by hand: the token
  // is parsed once, by verifyToken (a full asn1js/pkijs parse costs milliseconds).
  let status: number;
  let token: Buffer | null = null;
  try {
    const outer = readTlv(resp);
    const info = readTlv(resp, outer.contentStart);
    const st = readTlv(resp, info.contentStart);
    if (outer.tag !== 0x30 || outer.end !== resp.length || info.tag !== 0x30 || st.tag !== 0x02 || st.end - st.contentStart !== 1) throw new Error('unexpected structure');
    status = resp[st.contentStart]!;
    if (info.end < outer.end) {
      const tok = readTlv(resp, info.end);
      if (tok.tag !== 0x30 || tok.end !== outer.end) throw new Error('unexpected token structure');
      token = resp.subarray(tok.start, tok.end);
    }
  } catch (e) {
    throw new TsaUnavailable(`malformed TimeStampResp: ${(e as Error).message}`);
  }
  if (status !== 0 && status !== 1) throw new TsaUnavailable(`TSA refused: status ${status} ${statusText(resp)}`.trim());
  if (!token) throw new TsaUnavailable('granted response without a token');
  const v = check(token);
  if (!v.ok || !v.info) throw new TsaUnavailable(`TSA token rejected: ${v.reason ?? 'unknown'}`);
  if (v.info.nonce !== nonce.toString('hex').replace(/^(00)+(?=.)/, '')) throw new TsaUnavailable('TSA token nonce does not match the request');
  return { token: Buffer.from(token), genTime: v.info.genTime, serial: v.info.serial, tsaName: v.info.tsaName, sha256: sha256.toString('hex') };
}

/** The status strings of a refusal, for the log ('' when unreadable). */
function statusText(resp: Buffer): string {
  try {
    const parsed = new pkijs.TimeStampResp({ schema: asn1js.fromBER(ab(resp)).result });
    return parsed.status.statusStrings?.map((s) => s.valueBlock.value).join('; ') ?? '';
  } catch {
    return '';
  }
}

/** Positive 64-bit nonce (first byte 0x01–0x7f: minimal DER, no sign bit). */
function newNonce(): Buffer {
  const n = crypto.randomBytes(8);
  n[0] = (n[0]! & 0x7f) | 0x01;
  return n;
}

/**
 * Time-stamps SHA-256 digests through `transport`; tokens are verified with `verify` (trusted roots:
 * the built-in root, or the external TSA's chain when configured — empty checks the signature only).
 */
export function tsaClient(transport: TsaTransport, verify: () => VerifyOptions) {
  // Issue 16: tokens of a TSA already verified in full are checked on their varying parts only (tsa-fastverify.ts).
  const fast = fastTokenVerifier();
  return {
    /** Time-stamps a SHA-256 (hex or 32 bytes). Throws TsaUnavailable on any failure. */
    async stamp(sha256: string | Buffer): Promise<Stamp> {
      const digest = typeof sha256 === 'string' ? Buffer.from(sha256, 'hex') : sha256;
      if (digest.length !== 32) throw new TsaUnavailable('stamp(): not a SHA-256 digest');
      const nonce = newNonce();
      const resp = await transport(buildQuery(digest, nonce));
      const opts = verify();
      return acceptResponse(resp, digest, nonce, opts, (token) => fast.verify(token, digest, sha256Imprint(digest), opts));
    },
  };
}

export type TsaClient = ReturnType<typeof tsaClient>;
