/** The C2SP tlog-proof parser: the spec's example, round trips, and every malformed variant refused. */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toBase64 } from './bytes.ts';
import { VerifyError } from './text.ts';
import { formatTlogProof, parseTlogProof, TLOG_PROOF_HEADER } from './tlogProof.ts';

const h = () => toBase64(crypto.randomBytes(32));
const CP = `example.com/fancylog\n109482\n${h()}\n\n\u2014 example.com/fancylog ${toBase64(crypto.randomBytes(68))}\n`;

describe('tlog-proof', () => {
  it('parses the layout of the C2SP spec example (extra line, index, hashes, checkpoint)', () => {
    const hashes = [h(), h(), h(), h(), h()];
    const text = `${TLOG_PROOF_HEADER}\nextra YWdlLXYxLjIuMQ==\nindex 73894\n${hashes.join('\n')}\n\n${CP}`;
    const p = parseTlogProof(text);
    expect(p.index).toBe(73894);
    expect(new TextDecoder().decode(p.extra!)).toBe('age-v1.2.1');
    expect(p.proof.map(toBase64)).toEqual(hashes);
    expect(p.checkpoint).toBe(CP);
    expect(formatTlogProof(p)).toBe(text);
  });

  it('round-trips proofs without extra data and with an empty proof (index 0 of a 1-leaf tree)', () => {
    for (const proof of [[], [crypto.randomBytes(32)], Array.from({ length: 40 }, () => crypto.randomBytes(32))]) {
      const text = formatTlogProof({ extra: null, index: 0, proof, checkpoint: CP });
      expect(text.startsWith(`${TLOG_PROOF_HEADER}\nindex 0\n`)).toBe(true);
      const back = parseTlogProof(text);
      expect(back.proof.map(toBase64)).toEqual(proof.map(toBase64));
      expect(formatTlogProof(back)).toBe(text);
    }
  });

  it('refuses every malformed variant with VerifyError("tlog-proof")', () => {
    const ok = `${TLOG_PROOF_HEADER}\nindex 5\n${h()}\n\n${CP}`;
    const bad = [
      '',
      'garbage',
      ok.replace(TLOG_PROOF_HEADER, 'c2sp.org/tlog-proof@v2'),
      ok.replace('index 5', 'index 05'),
      ok.replace('index 5', 'index -5'),
      ok.replace('index 5', 'index  5'),
      ok.replace('index 5', 'idx 5'),
      ok.replace('index 5\n', ''),
      `${TLOG_PROOF_HEADER}\nindex 5\n${toBase64(crypto.randomBytes(31))}\n\n${CP}`,
      `${TLOG_PROOF_HEADER}\nindex 5\n${h().slice(0, -1)}\n\n${CP}`,
      `${TLOG_PROOF_HEADER}\nindex 5\n${h()}\n`,
      `${TLOG_PROOF_HEADER}\nindex 5\n${h()}\n\n`,
      ok.replace(/\n/g, '\r\n'),
      ok.slice(0, -1),
      `${TLOG_PROOF_HEADER}\nextra !!\nindex 5\n\n${CP}`,
      `${TLOG_PROOF_HEADER}\nindex 5\n${Array.from({ length: 65 }, h).join('\n')}\n\n${CP}`,
      `${TLOG_PROOF_HEADER}\nindex 99999999999999999999\n\n${CP}`,
    ];
    for (const text of bad) {
      expect(() => parseTlogProof(text), JSON.stringify(text.slice(0, 60))).toThrow(VerifyError);
    }
  });
});
