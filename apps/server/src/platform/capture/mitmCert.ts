/**
 * The TLS identity of the capture proxy towards Chromium (issue 4 §1). The capture browser talks to the
 * recording proxy only; for https the proxy terminates Chromium's TLS with this self-signed certificate
 * (the capture context sets ignoreHTTPSErrors, so no CA has to be trusted) and makes its own TLS
 * connection to the real server, whose certificate chain is what the capture records. The key lives in
 * memory only (a new one per process): it protects nothing but the loopback hop inside this machine.
 */
import crypto from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

export interface ProxyIdentity {
  /** PEM private key and certificate for tls.createSecureContext. */
  key: string;
  cert: string;
}

let memo: ProxyIdentity | null = null;

const ab = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;
const pem = (label: string, der: Uint8Array) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der).toString('base64').replace(/.{64}/g, '$&\n').replace(/\n?$/, '\n')}-----END ${label}-----\n`;

/**
 * A DER INTEGER body for a certificate serial from random bytes: positive (top bit clear) and minimal (first
 * byte never 0). With only the top bit cleared, a first byte of 0 followed by one below 0x80 is a
 * non-minimal encoding, which OpenSSL refuses ("illegal padding") — 1 process in 256 could not capture.
 */
export function positiveSerial(random: Uint8Array): Uint8Array {
  const serial = Uint8Array.from(random);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  return serial;
}

/** The proxy's key and self-signed P-256 certificate (CN "Cunzheng capture proxy"), created on first use. */
export function proxyIdentity(): ProxyIdentity {
  if (memo) return memo;
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const cert = new pkijs.Certificate();
  cert.version = 2;
  const serial = positiveSerial(crypto.randomBytes(16));
  cert.serialNumber = new asn1js.Integer({ valueHex: ab(serial) });
  const name = () => new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: 'Cunzheng capture proxy' }) });
  cert.issuer.typesAndValues.push(name());
  cert.subject.typesAndValues.push(name());
  cert.notBefore.value = new Date(Date.now() - 86_400_000);
  cert.notAfter.value = new Date(Date.now() + 5 * 365 * 86_400_000);
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  cert.subjectPublicKeyInfo = pkijs.PublicKeyInfo.fromBER(ab(spki));
  const alg = () => new pkijs.AlgorithmIdentifier({ algorithmId: '1.2.840.10045.4.3.2' }); // ecdsa-with-SHA256
  cert.signature = alg();
  cert.signatureAlgorithm = alg();
  const tbs = new Uint8Array(cert.encodeTBS().toBER());
  const sig = crypto.sign('sha256', tbs, { key: privateKey, dsaEncoding: 'der' });
  cert.signatureValue = new asn1js.BitString({ valueHex: ab(sig) });
  cert.tbsView = tbs;
  const der = new Uint8Array(cert.toSchema().toBER());
  memo = { key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, cert: pem('CERTIFICATE', der) };
  return memo;
}
