/** The CZA1 anchor calldata codec (issue 3 §3): exact byte layout, round trip, and refusals. */
import { describe, expect, it } from 'vitest';
import { ANCHOR_HEADER_BYTES, decodeAnchorCalldata, encodeAnchorCalldata, ZAnchorQuery } from './anchor.ts';
import { LedgerFormatError } from './ledger/bytes.ts';
import { MSG } from './messages.ts';

const root = Uint8Array.from({ length: 32 }, (_, i) => i);
const note = Uint8Array.from({ length: 32 }, (_, i) => 255 - i);

describe('anchor calldata', () => {
  it('lays out magic, big-endian size, root, note hash and origin', () => {
    const hex = encodeAnchorCalldata({ origin: 'cunzheng.local/ledger', size: 0x0102030405, root, noteSha256: note });
    expect(hex.slice(0, 10)).toBe('0x435a4131');
    expect(hex.slice(10, 26)).toBe('0000000102030405');
    expect(hex.slice(26, 90)).toBe(Buffer.from(root).toString('hex'));
    expect(hex.slice(90, 154)).toBe(Buffer.from(note).toString('hex'));
    expect(Buffer.from(hex.slice(154), 'hex').toString('utf8')).toBe('cunzheng.local/ledger');
    expect((hex.length - 2) / 2).toBe(ANCHOR_HEADER_BYTES + 21);
    const d = decodeAnchorCalldata(hex);
    expect(d).toMatchObject({ origin: 'cunzheng.local/ledger', size: 0x0102030405 });
    expect(Buffer.from(d.root).equals(Buffer.from(root))).toBe(true);
    expect(Buffer.from(d.noteSha256).equals(Buffer.from(note))).toBe(true);
    expect(decodeAnchorCalldata(hex.slice(2).toUpperCase()).size).toBe(0x0102030405);
  });

  it('refuses malformed payloads and calldata', () => {
    const ok = encodeAnchorCalldata({ origin: 'o', size: 1, root, noteSha256: note });
    expect(() => encodeAnchorCalldata({ origin: '', size: 1, root, noteSha256: note })).toThrow(LedgerFormatError);
    expect(() => encodeAnchorCalldata({ origin: 'a\nb', size: 1, root, noteSha256: note })).toThrow(LedgerFormatError);
    expect(() => encodeAnchorCalldata({ origin: 'o', size: 0, root, noteSha256: note })).toThrow(LedgerFormatError);
    expect(() => encodeAnchorCalldata({ origin: 'o', size: 1, root: root.slice(1), noteSha256: note })).toThrow(LedgerFormatError);
    for (const bad of ['0x', '0x1234', `0x00${ok.slice(4)}`, ok.slice(0, -2), `${ok}zz`, `0x435a4131${'ff'.repeat(8)}${ok.slice(26)}`]) {
      expect(() => decodeAnchorCalldata(bad), bad.slice(0, 30)).toThrow(LedgerFormatError);
    }
    expect(() => decodeAnchorCalldata(`${ok.slice(0, -2)}ff`)).toThrow(/UTF-8/);
  });

  it('validates the leaf index of GET /api/ledger/anchor', () => {
    expect(ZAnchorQuery.parse({ index: '12' })).toEqual({ index: 12 });
    for (const bad of [{}, { index: '' }, { index: '-1' }, { index: '1.5' }, { index: 'x' }, { index: '99999999999999999' }]) {
      const r = ZAnchorQuery.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(MSG.LEDGER_INDEX_INVALID);
    }
  });
});
