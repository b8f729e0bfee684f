/**
 * The built-in time-stamping authority (issue 3 §1; RFC 3161): turns a DER TimeStampReq into a DER
 * TimeStampResp. Granted tokens are CMS SignedData over a TSTInfo with the request's message imprint,
 * a random 128-bit serial (unique without coordination between API processes), genTime in whole
 * seconds (accuracy ±1 s), the request's nonce, the TSA name and — what OpenSSL insists on — the ESS
 * signing-certificate-v2 attribute. Anything malformed or unsupported answers a TimeStampResp with
 * status `rejection` and a PKIFailureInfo bit (§2.4.2); this function never throws for bad input.
 */
import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { Identity } from './keys.ts';
import { DIGESTS, ab, der, derSequence, readTlv } from './pki.ts';
import { tokenBuilder } from './tsa-token.ts';

/** PKIFailureInfo bit numbers (RFC 3161 §2.4.2). */
export const FAIL = { badAlg: 0, badRequest: 2, badDataFormat: 5, timeNotAvailable: 14, unacceptedPolicy: 15, unacceptedExtension: 16, systemFailure: 25 } as const;

/** Largest accepted query, bytes (a SHA-512 query with a long nonce is ~120 bytes). */
export const MAX_QUERY_BYTES = 4096;

export interface TsaServer {
  /** DER TimeStampReq → DER TimeStampResp (granted or rejection). Never throws for malformed input. */
  respond(query: Uint8Array): Promise<Buffer>;
  /** Rejection response with `failBit` and a short English status text (e.g. for rate limits). */
  reject(failBit: number, text: string): Buffer;
  /** Common name of the TSA certificate. */
  name: string;
}

/** Minimal DER NamedBitList with one bit set. */
function failInfo(bit: number): asn1js.BitString {
  const bytes = new Uint8Array((bit >> 3) + 1);
  bytes[bit >> 3] = 0x80 >> (bit & 7);
  return new asn1js.BitString({ valueHex: ab(bytes), unusedBits: 7 - (bit & 7) });
}

/** A rejection TimeStampResp. */
export function rejection(bit: number, text: string): Buffer {
  const status = new pkijs.PKIStatusInfo({ status: 2, statusStrings: [new asn1js.Utf8String({ value: text })], failInfo: failInfo(bit) });
  return der(new pkijs.TimeStampResp({ status }));
}

/** A granted TimeStampResp carrying `token` (DER ContentInfo): the usual `.tsr` file. */
export function grantedResponse(token: Uint8Array): Buffer {
  return derSequence([GRANTED, token]);
}

/** DER of PKIStatusInfo { status granted(0) }. */
const GRANTED = der(new pkijs.PKIStatusInfo({ status: 0 }));

/** Parses a DER TimeStampReq strictly (no trailing bytes); null when malformed. */
function parseQuery(query: Uint8Array): pkijs.TimeStampReq | null {
  if (query.byteLength === 0 || query.byteLength > MAX_QUERY_BYTES) return null;
  try {
    const asn1 = asn1js.fromBER(ab(query));
    if (asn1.offset !== query.byteLength || asn1.result.error) return null;
    return new pkijs.TimeStampReq({ schema: asn1.result });
  } catch {
    return null;
  }
}

/** What a grant takes from a query (all DER, as the token will carry them). */
export interface QueryFields {
  /** The MessageImprint. */
  messageImprint: Buffer;
  /** The nonce INTEGER, or null. */
  nonce: Buffer | null;
  certReq: boolean;
}

/** A parsed query's fields as the grant encodes them (pkijs path). */
export function queryFields(req: pkijs.TimeStampReq): QueryFields {
  return {
    // RFC 3161 §2.4.2: the same value as in the request (algorithm parameters included).
    messageImprint: der(req.messageImprint),
    nonce: req.nonce ? der(new asn1js.Integer({ valueHex: ab(req.nonce.valueBlock.valueHexView) })) : null,
    certReq: !!req.certReq,
  };
}

/**
 * DER INTEGER of a random positive 128-bit serial (first byte 0x01–0x7f, as pki.ts `randomSerial`): unique
 * without coordination between API processes. Written by hand (issue 16): the bytes asn1js writes for it.
 */
export function serialDer(): Buffer {
  const b = crypto.randomBytes(18);
  b[0] = 0x02;
  b[1] = 0x10;
  b[2] = (b[2]! & 0x7f) | 0x01;
  return b;
}

/** DER of version 1 and of a MessageImprint's start for SHA-256 with NULL parameters (as our client sends). */
const V1 = Buffer.from('020101', 'hex');
const SHA256_IMPRINT_PREFIX = Buffer.from('3031300d060960864801650304020105000420', 'hex');

/**
 * Issue 16: the fields of a query shaped like the ones tsa-client.ts sends — v1, SHA-256 with NULL parameters,
 * no policy, a minimally encoded nonce of at most 64 bytes or none, certReq TRUE or absent, no extensions —
 * read off the bytes, without the asn1js/pkijs parse (≈ 0.1 ms); null for any other shape, which the full
 * parse then checks. Equal to `queryFields` of the parsed query (tsa-query.test.ts).
 */
export function quickQuery(query: Uint8Array): QueryFields | null {
  const b = Buffer.from(query.buffer, query.byteOffset, query.byteLength);
  try {
    const outer = readTlv(b);
    if (outer.tag !== 0x30 || outer.end !== b.length) return null;
    let at = outer.contentStart;
    if (!b.subarray(at, at + 3).equals(V1)) return null;
    at += 3;
    if (!b.subarray(at, at + SHA256_IMPRINT_PREFIX.length).equals(SHA256_IMPRINT_PREFIX) || at + 51 > b.length) return null;
    const messageImprint = Buffer.from(b.subarray(at, at + 51));
    at += 51;
    let nonce: Buffer | null = null;
    if (at < b.length && b[at] === 0x02) {
      // At most 64 bytes: DER length in short form. A long form (BER) takes the full parse, which re-encodes
      // the nonce in DER; copied as is it would put non-DER bytes into the signed TSTInfo.
      if ((b[at + 1] ?? 0x80) & 0x80) return null;
      const n = readTlv(b, at);
      const len = n.end - n.contentStart;
      const c0 = b[n.contentStart]!;
      const c1 = b[n.contentStart + 1]!;
      if (len < 1 || len > 64 || (len > 1 && ((c0 === 0x00 && c1 < 0x80) || (c0 === 0xff && c1 >= 0x80)))) return null;
      nonce = Buffer.from(b.subarray(n.start, n.end));
      at = n.end;
    }
    let certReq = false;
    if (at + 3 <= b.length && b[at] === 0x01 && b[at + 1] === 0x01 && b[at + 2] === 0xff) {
      certReq = true;
      at += 3;
    }
    return at === b.length ? { messageImprint, nonce, certReq } : null;
  } catch {
    return null;
  }
}

/**
 * Builds the TSA on `identity` (certificate with critical EKU timeStamping, and its key).
 * `policy`: TSA policy OID written into every TSTInfo; `now`: clock (tests).
 */
export function tsaServer(opts: { identity: Identity; policy: string; now?: () => Date }): TsaServer {
  const { identity, policy } = opts;
  const now = opts.now ?? (() => new Date());
  // pkijs parses a requested policy with asn1js's toString, which prints big arcs (2.25.…) in its own
  // form: compare with our policy printed the same way.
  const policyAsParsed = (asn1js.fromBER(der(new asn1js.ObjectIdentifier({ value: policy }))).result as asn1js.ObjectIdentifier).valueBlock.toString();

  const build = tokenBuilder(identity, policy);

  /** Grants a token (issue 16: DER spliced by tsa-token.ts, byte-for-byte what the pkijs tree made). */
  async function grant(q: QueryFields): Promise<Buffer> {
    const genTime = new Date(Math.floor(now().getTime() / 1000) * 1000);
    // RFC 3161 §2.4.1: the TSA certificate is included when certReq is true.
    const token = await build({ messageImprint: q.messageImprint, serial: serialDer(), genTime, nonce: q.nonce, certReq: q.certReq });
    return grantedResponse(token);
  }

  async function grantOrFail(q: QueryFields | (() => QueryFields)): Promise<Buffer> {
    try {
      return await grant(typeof q === 'function' ? q() : q);
    } catch {
      return rejection(FAIL.systemFailure, 'time-stamping failed');
    }
  }

  return {
    name: identity.name,
    reject: rejection,
    async respond(query) {
      const quick = query.byteLength <= MAX_QUERY_BYTES ? quickQuery(query) : null;
      if (quick) return grantOrFail(quick);
      const req = parseQuery(query);
      if (!req) return rejection(FAIL.badDataFormat, 'malformed TimeStampReq');
      if (req.version !== 1) return rejection(FAIL.badDataFormat, 'unsupported TimeStampReq version');
      const alg = DIGESTS[req.messageImprint.hashAlgorithm.algorithmId];
      if (!alg) return rejection(FAIL.badAlg, 'unsupported hash algorithm (use SHA-256, SHA-384 or SHA-512)');
      if (req.messageImprint.hashedMessage.valueBlock.valueHexView.byteLength !== alg.bytes) return rejection(FAIL.badDataFormat, 'message imprint length does not match its algorithm');
      if (req.reqPolicy && req.reqPolicy !== policyAsParsed) return rejection(FAIL.unacceptedPolicy, 'unaccepted policy');
      if (req.extensions?.length) return rejection(FAIL.unacceptedExtension, 'extensions are not supported');
      if (req.nonce && req.nonce.valueBlock.valueHexView.byteLength > 64) return rejection(FAIL.badDataFormat, 'nonce too long');
      return grantOrFail(() => queryFields(req));
    },
  };
}
