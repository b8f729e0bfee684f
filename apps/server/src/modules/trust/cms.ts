/**
 * CMS SignedData (RFC 5652) as the trust module signs it, for RFC 3161 tokens (encapsulated TSTInfo)
 * and for PAdES signatures (detached content):
 *   - signed attributes: content-type, message-digest and ESS signing-certificate-v2 (RFC 5035), in DER
 *     SET OF order — OpenSSL (`ts -verify`) and NSS (`pdfsig`) re-encode them that way before checking;
 *   - optional extra signed attributes and unsigned attributes computed from the signature value
 *     (the PAdES signature time-stamp);
 *   - the signature itself comes from an Identity's KeySigner, so an HSM can replace the local key.
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { Identity } from './keys.ts';
import { OID, ab, der, derSetOrder, digest, digestAlgorithmId, digestOid, parseCert, signatureAlgorithmId, signingCertificateV2 } from './pki.ts';

export interface SignedDataInput {
  /** eContentType: id-data for documents, id-ct-TSTInfo for time-stamp tokens. */
  eContentType: string;
  /** Content to encapsulate (a TSTInfo); omit for a detached signature. */
  eContent?: Buffer;
  /** Detached content's bytes (the PDF byte ranges); ignored when `eContent` is given. */
  detached?: Buffer;
  signer: Identity;
  /** Certificates to embed (parsed, or DER — parsed once and remembered), e.g. the signer's and its chain. */
  certificates: Array<pkijs.Certificate | Buffer>;
  /** Extra signed attributes. */
  signedAttrs?: pkijs.Attribute[];
  /** Unsigned attributes computed from the signature value (e.g. signatureTimeStampToken). */
  unsignedAttrs?: (signatureValue: Buffer) => Promise<pkijs.Attribute[]>;
}

/** Parsed certificates by their DER buffer (identities keep the same buffers for the process's life). */
const parsedCerts = new WeakMap<Buffer, pkijs.Certificate>();

/** A pkijs certificate for `c`, parsing a DER buffer only the first time. */
function certOf(c: pkijs.Certificate | Buffer): pkijs.Certificate {
  if (!Buffer.isBuffer(c)) return c;
  let cert = parsedCerts.get(c);
  if (!cert) {
    cert = parseCert(c);
    parsedCerts.set(c, cert);
  }
  return cert;
}

/** Builds and signs a SignedData; returns the DER of its ContentInfo. Throws if the signer fails. */
export async function buildSignedData(input: SignedDataInput): Promise<Buffer> {
  const { signer } = input;
  const hash = signer.signer.hash;
  const content = input.eContent ?? input.detached;
  if (!content) throw new Error('buildSignedData: no content');
  const attrs = derSetOrder([
    new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: input.eContentType })] }),
    new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: ab(digest(hash, content)) })] }),
    signingCertificateV2(signer.cert),
    ...(input.signedAttrs ?? []),
  ]);
  // The signature covers the DER of the attributes with the SET OF tag (RFC 5652 §5.4).
  const toBeSigned = der(new asn1js.Set({ value: attrs.map((a) => a.toSchema()) }));
  const signature = await signer.signer.sign(toBeSigned);
  const unsigned = input.unsignedAttrs ? await input.unsignedAttrs(signature) : [];

  const signerInfo = new pkijs.SignerInfo({
    version: 1,
    sid: new pkijs.IssuerAndSerialNumber({ issuer: signer.cert.issuer, serialNumber: signer.cert.serialNumber }),
    digestAlgorithm: digestAlgorithmId(digestOid(hash)),
    signedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 0, attributes: attrs }),
    signatureAlgorithm: signatureAlgorithmId(signer.signer.algorithm),
    signature: new asn1js.OctetString({ valueHex: ab(signature) }),
    ...(unsigned.length ? { unsignedAttrs: new pkijs.SignedAndUnsignedAttributes({ type: 1, attributes: unsigned }) } : {}),
  });
  const encap = new pkijs.EncapsulatedContentInfo({ eContentType: input.eContentType });
  // Assigned after construction: the constructor would re-encode a primitive OCTET STRING as a
  // constructed (BER) one, and tokens must be DER.
  if (input.eContent) encap.eContent = new asn1js.OctetString({ valueHex: ab(input.eContent) });
  const signedData = new pkijs.SignedData({
    version: input.eContentType === OID.data ? 1 : 3,
    digestAlgorithms: [digestAlgorithmId(digestOid(hash))],
    encapContentInfo: encap,
    certificates: input.certificates.map(certOf),
    signerInfos: [signerInfo],
  });
  return der(new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) }));
}
