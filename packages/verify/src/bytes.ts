/**
 * Byte helpers of the verifier. The base64/hex/compare helpers are the ledger verifier's own
 * (@cunzheng/contract ledger, browser-safe): one implementation for the explorer, the server and
 * this package.
 */
export { bytesEqual, concat, fromBase64, fromHex, toBase64, toHex, utf8 } from '@cunzheng/contract/ledger/bytes';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Decodes UTF-8, throwing TypeError on invalid sequences. */
export const decodeUtf8 = (b: Uint8Array): string => strictUtf8.decode(b);

/** A fresh ArrayBuffer-backed copy (what WebCrypto's BufferSource type wants). */
export const own = (b: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(b);
