import tls from 'node:tls';
import { describe, expect, it } from 'vitest';
import { positiveSerial, proxyIdentity } from './mitmCert.ts';

describe('capture proxy identity', () => {
  it('serials are positive and minimal DER integers, whatever the random bytes (a leading 0 made OpenSSL refuse the certificate)', () => {
    for (const first of [0x00, 0x01, 0x7f, 0x80, 0xff]) {
      for (const second of [0x00, 0x7f, 0x80, 0xff]) {
        const s = positiveSerial(Uint8Array.from([first, second, 0x12, 0x34]));
        expect(s[0]).toBeGreaterThan(0);
        expect(s[0]! & 0x80).toBe(0);
        expect([...s.subarray(1)]).toEqual([second, 0x12, 0x34]);
      }
    }
  });

  it('OpenSSL accepts the key and certificate', () => {
    const id = proxyIdentity();
    expect(() => tls.createSecureContext({ key: id.key, cert: id.cert })).not.toThrow();
  });
});
