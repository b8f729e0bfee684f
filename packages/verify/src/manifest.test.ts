/** Package layout helpers: RFC 8785 output equals the `canonicalize` library's, strict parsing, safe names, CZA1 calldata. */
import crypto from 'node:crypto';
import canonicalize from 'canonicalize';
import { describe, expect, it } from 'vitest';
import { encodeAnchorCalldata } from '@cunzheng/contract/anchor';
import { anchorCalldata } from './checks/anchor.ts';
import { utf8 } from './bytes.ts';
import { canonicalJson, evidenceMemberName, manifestBytes, parseCanonical, parseManifest, PACKAGE_FORMAT, type Manifest } from './manifest.ts';
import { VerifyError } from './text.ts';

describe('package layout', () => {
  it('canonicalJson equals RFC 8785 (canonicalize) for nested, unicode and numeric values', () => {
    const samples = [
      { v: 1, baoquan: 'CZ20261122ABCDEFGHJKMN', sha256: 'ab'.repeat(32), size: 123456789, kind: 'data', time: 1795313516, owner: 'cd'.repeat(32) },
      { z: [3, 2, { b: null, a: true }], '\u00e9': '合同 "引号" \\ \n \u2028', '10': -0, '1': 1e21, a: 0.1 },
      [],
      'x',
    ];
    for (const s of samples) expect(canonicalJson(s)).toBe(canonicalize(s));
  });

  it('parseCanonical accepts only the canonical bytes', () => {
    const good = utf8('{"a":1,"b":[1,2]}');
    expect(parseCanonical(good, 'x')).toEqual({ a: 1, b: [1, 2] });
    for (const bad of ['{"b":[1,2],"a":1}', '{"a":1, "b":[1,2]}', '{"a":1,"b":[1,2]}\n', '{"a":1,"a":1,"b":[1,2]}', '{"a":1.0,"b":[1,2]}', '\u00ff']) {
      expect(() => parseCanonical(utf8(bad), 'x'), bad).toThrow(VerifyError);
    }
    expect(() => parseCanonical(Uint8Array.of(0xff, 0xfe), 'x')).toThrow(VerifyError);
  });

  it('manifest round-trips and is shape-checked', () => {
    const m: Manifest = { format: PACKAGE_FORMAT, baoquan: 'CZ1', evidence: 'a.txt', created: 1, publicUrl: 'https://x', members: [{ name: 'a.txt', sha256: 'ab'.repeat(32), size: 3 }] };
    expect(parseManifest(manifestBytes(m))).toEqual(m);
    expect(() => parseManifest(utf8(canonicalJson({ ...m, format: 'other' })))).toThrow(VerifyError);
    expect(() => parseManifest(utf8(canonicalJson({ ...m, members: [{ name: 'a', sha256: 'AB', size: 1 }] })))).toThrow(VerifyError);
  });

  it('evidenceMemberName keeps the original name unless unsafe or reserved', () => {
    expect(evidenceMemberName('劳动合同 (final).txt')).toBe('劳动合同 (final).txt');
    expect(evidenceMemberName('a/b\\c\u0000.txt')).toBe('a_b_c_.txt');
    expect(evidenceMemberName('ENTRY.json')).toBe('evidence-ENTRY.json');
    expect(evidenceMemberName('..')).toBe('evidence');
    expect(Array.from(evidenceMemberName('合'.repeat(300))).length).toBe(150);
  });

  it('anchorCalldata equals the contract encoder (CZA1)', async () => {
    const root = crypto.randomBytes(32);
    const note = 'cunzheng.local/ledger\n42\nAAAA\n\n\u2014 x y\n';
    const noteSha256 = crypto.createHash('sha256').update(note).digest();
    expect(await anchorCalldata('cunzheng.local/ledger', 42, root, note)).toBe(encodeAnchorCalldata({ origin: 'cunzheng.local/ledger', size: 42, root, noteSha256 }));
  });
});
