/**
 * Signed certificate PDFs (issue 3 §2): PAdES baseline B-T, extended to B-LTA when `lta` is given
 * (issue 10 §3: DSS + document time-stamp by incremental update, pdf-lta.ts). The PDF gets an (invisible) signature field
 * whose /Contents is a CMS SignedData with SubFilter ETSI.CAdES.detached over the byte ranges:
 *   - signed attributes content-type, message-digest, ESS signing-certificate-v2 (no signing-time:
 *     PAdES puts the claimed time in the signature dictionary's /M);
 *   - unsigned attribute id-aa-signatureTimeStampToken: an RFC 3161 token over the signature value,
 *     from the same TSA client as deposits.
 * Everything sits behind ONE function, `PdfSigner = (pdf) => Promise<signed pdf>`, so an HSM or a cloud
 * signing service can replace it whole; `localPdfSigner` also takes the key as a `KeySigner` so only
 * the raw signature operation can be swapped instead.
 *
 * Placeholder: @signpdf/placeholder-pdf-lib on pdf-lib 1.17 (its peer dependency; it rewrites the file
 * with a classic xref, which keeps Chromium's Type 3 CJK fonts intact), then @signpdf/signpdf computes
 * the byte ranges and calls our pkijs-based `Signer`. A PDF that is already signed gets its new field by
 * incremental update instead (pdf-increment.ts), so a countersignature keeps the first signature valid.
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { PDFDocument } from 'pdf-lib';
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { buildSignedData } from './cms.ts';
import type { Identity } from './keys.ts';
import { addIncrementalPlaceholder, hasSignature } from './pdf-increment.ts';
import { addDocTimestamp, type LtaSource } from './pdf-lta.ts';
import { OID, ab, digest } from './pki.ts';
import type { Stamp } from './tsa-client.ts';

/** Signs a PDF; resolves to the signed PDF. The replaceable unit (HSM, cloud signer). */
export type PdfSigner = (pdf: Buffer) => Promise<Buffer>;

export interface PdfSignerDeps {
  /** Document-signing identity (certificate, chain, key). */
  identity: Identity;
  /** Time-stamps a SHA-256 (the TSA client used for deposits). Throws when the TSA is unavailable. */
  stamp(sha256: Buffer): Promise<Stamp>;
  /** Shown as the signature's contact info (e.g. PUBLIC_URL). */
  contact: string;
  /** The signature's /Reason (default: the preservation certificate's). */
  reason?: string;
  /**
   * Long-term validation (issue 10 §3): when given, the signed PDF is extended to PAdES B-LTA (DSS with
   * the certificates and CRLs, then a document time-stamp; pdf-lta.ts); without it the result is B-T.
   */
  lta?: LtaSource;
}

/** Placeholder sizes tried in turn, bytes of CMS (the hex placeholder is twice that). */
const PLACEHOLDER_BYTES = [8192, 32768];

/** @signpdf Signer building a CAdES detached SignedData with pkijs. */
class CadesSigner extends Signer {
  deps: PdfSignerDeps;
  constructor(deps: PdfSignerDeps) {
    super();
    this.deps = deps;
  }

  /** `content`: the PDF without its /Contents placeholder (the signed byte ranges). */
  override async sign(content: Buffer): Promise<Buffer> {
    const { identity } = this.deps;
    return buildSignedData({
      eContentType: OID.data,
      detached: content,
      signer: identity,
      certificates: [identity.certDer, ...identity.chain],
      unsignedAttrs: async (signatureValue) => {
        const stamp = await this.deps.stamp(digest('sha256', signatureValue));
        const token = asn1js.fromBER(ab(stamp.token)).result;
        return [new pkijs.Attribute({ type: OID.signatureTimeStampToken, values: [token] })];
      },
    });
  }
}

/** Whether an error is @signpdf's "signature exceeds placeholder length". */
const tooSmall = (e: unknown) => e instanceof Error && /exceeds placeholder/i.test(e.message);

/** The local PdfSigner (key in DATA_DIR or env). Throws on an unparsable PDF or an unavailable TSA. */
export function localPdfSigner(deps: PdfSignerDeps): PdfSigner {
  const signer = new CadesSigner(deps);
  return async (pdf) => {
    for (const [i, size] of PLACEHOLDER_BYTES.entries()) {
      const opts = { reason: deps.reason ?? 'Cunzheng electronic data preservation certificate', contactInfo: deps.contact, name: deps.identity.name, location: 'CN', signatureLength: size, subFilter: SUBFILTER_ETSI_CADES_DETACHED };
      // Already signed (a countersignature, issue 15): the new field goes into an incremental update so the
      // earlier signatures stay valid (pdf-increment.ts); otherwise pdf-lib rewrites the file with the field.
      let prepared: Buffer;
      if (hasSignature(pdf)) prepared = await addIncrementalPlaceholder(pdf, opts);
      else {
        const doc = await PDFDocument.load(pdf, { updateMetadata: false });
        pdflibAddPlaceholder({ pdfDoc: doc, ...opts, appName: 'Cunzheng' });
        prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
      }
      let signed: Buffer;
      try {
        signed = await new SignPdf().sign(prepared, signer);
      } catch (e) {
        if (!tooSmall(e) || i === PLACEHOLDER_BYTES.length - 1) throw e;
        continue;
      }
      return deps.lta ? addDocTimestamp(signed, deps.lta) : signed;
    }
    throw new Error('unreachable');
  };
}
