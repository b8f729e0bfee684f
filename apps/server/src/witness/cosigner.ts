/**
 * The witness's signing key (C2SP tlog-cosignature, cosignature/v1; issue 10 §2): an Ed25519 key whose
 * verifier key is `name+hex8(keyid)+base64(0x04‖pubkey)`, keyid = SHA-256(name ‖ 0x0A ‖ 0x04 ‖ pubkey)[:4].
 * A cosignature line is `— <name> base64(keyid ‖ u64be(time) ‖ Ed25519(cosignature/v1\ntime <time>\n‖body))`.
 */
import crypto from 'node:crypto';

const EM_DASH = '\u2014';
const SIG_COSIGNATURE_V1 = 0x04;
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

export interface Cosigner {
  name: string;
  keyId: Buffer;
  /** `name+hex8(keyid)+base64(0x04‖pubkey)`. */
  verifierKey: string;
  /** The cosignature line (with final newline) of checkpoint body `text` at Unix second `time`. */
  cosign(text: string, time: number): string;
}

/** Builds the cosigner of witness `name` from a 32-byte Ed25519 seed. Throws Error for a bad name or seed. */
export function cosigner(name: string, seed: Buffer): Cosigner {
  if (!name || name.length > 255 || /[\s+]/u.test(name)) throw new Error('witness: the name must be non-empty without spaces or "+"');
  if (seed.length !== 32) throw new Error('witness: the key must be a 32-byte Ed25519 seed');
  const privateKey = crypto.createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = crypto.createPublicKey(privateKey).export({ format: 'der', type: 'spki' }).subarray(-32);
  const keyId = crypto.createHash('sha256').update(name, 'utf8').update(Buffer.from([0x0a, SIG_COSIGNATURE_V1])).update(publicKey).digest().subarray(0, 4);
  return {
    name,
    keyId,
    verifierKey: `${name}+${keyId.toString('hex')}+${Buffer.concat([Buffer.from([SIG_COSIGNATURE_V1]), publicKey]).toString('base64')}`,
    cosign(text, time) {
      const t = Buffer.alloc(8);
      t.writeBigUInt64BE(BigInt(time));
      const sig = crypto.sign(null, Buffer.from(`cosignature/v1\ntime ${time}\n${text}`, 'utf8'), privateKey);
      return `${EM_DASH} ${name} ${Buffer.concat([keyId, t, sig]).toString('base64')}\n`;
    },
  };
}
