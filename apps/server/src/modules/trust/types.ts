/**
 * Public surface of the trust context (issue 3 §1–2) for other modules: evidence (time-stamps each
 * deposit), certificate (shows the token, signs the PDF), ledger package and verifier (issue 3 §4).
 */
import type { DbOrTx } from '../../db/client.ts';
import type { Stamp } from './tsa-client.ts';
import type { VerifyResult } from './verify.ts';

export type { Stamp } from './tsa-client.ts';
export type { TokenInfo, VerifyResult } from './verify.ts';
export type { PdfSigner } from './pdf-signing.ts';

/** What the evidence deposit needs: stamp before the transaction, record inside it. */
export interface Timestamper {
  /** RFC 3161 token over a SHA-256 (hex). Throws AppError 400 可信时间戳服务暂不可用，请稍后重试 on any TSA failure. */
  stamp(sha256: string): Promise<Stamp>;
  /** Stores the token of evidence `evidenceId` through `tx` (the deposit transaction). */
  record(tx: DbOrTx, evidenceId: number, stamp: Stamp): Promise<void>;
}

/** The stored token of an evidence. */
export interface TimestampRecord {
  /** The token: DER ContentInfo (SignedData over TSTInfo), as stored. `openssl ts -verify -token_in -in <file>`. */
  token: Buffer;
  /**
   * The same token wrapped in a granted TimeStampResp — the usual `.tsr` file:
   * `openssl ts -verify -in timestamp.tsr -data <file> -CAfile <root> -untrusted <tsa cert>`.
   */
  response: Buffer;
  /** genTime, Unix seconds (= the evidence's saveTime). */
  genTime: number;
  /** Serial number, hex. */
  serial: string;
  /** TSA name (CN of its certificate). */
  tsaName: string;
  /** The stamped SHA-256 (of the evidence file), hex. */
  sha256: string;
}

/** The read side other modules use. */
export interface TrustReader {
  /** The token of evidence `evidenceId`, or null (none stored). */
  tokenFor(evidenceId: number): Promise<TimestampRecord | null>;
  /**
   * PEM chain for verifying tokens: the TSA certificate, then its CA certificates up to the root.
   * With `token`, the chain of the TSA that signed it (built-in, TSA_CHAIN, or the certificates inside it).
   */
  tsaChainPem(token?: Uint8Array): Promise<string>;
  /** Verifies a token over `sha256` (hex or bytes) against the platform's trusted roots. Never throws. */
  verifyToken(token: Uint8Array, sha256: string | Uint8Array): Promise<VerifyResult>;
}
