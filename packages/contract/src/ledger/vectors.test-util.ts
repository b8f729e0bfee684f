/**
 * Loader of the RFC 6962 test vectors in testdata/rfc6962 (a copy of ../shared/testdata/rfc6962) (transparency-dev/merkle data,
 * Apache-2.0): used by the contract and server tests. Not part of the package's public surface.
 */
import fs from 'node:fs';
import path from 'node:path';

/** Folder holding inclusion/ and consistency/ (overridable with RFC6962_TESTDATA). */
export const VECTOR_DIR = process.env.RFC6962_TESTDATA ?? path.resolve(import.meta.dirname, '../../../../testdata/rfc6962');

export interface InclusionVector { file: string; leafIdx: number; treeSize: number; root: string; leafHash: string; proof: string[] | null; desc: string; wantErr: boolean }
export interface ConsistencyVector { file: string; size1: number; size2: number; root1: string; root2: string; proof: string[] | null; desc: string; wantErr: boolean }

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : d.name.endsWith('.json') ? [path.join(dir, d.name)] : [])).sort();
}

/** Every vector of one kind, with `file` relative to VECTOR_DIR. */
export function loadVectors<T>(kind: 'inclusion' | 'consistency'): Array<T & { file: string }> {
  return walk(path.join(VECTOR_DIR, kind)).map((f) => ({ ...JSON.parse(fs.readFileSync(f, 'utf8')), file: path.relative(VECTOR_DIR, f) }));
}

/** The 8 leaves behind folders 0–4 (README of the vectors), as bytes. */
export const VECTOR_LEAVES = ['', '00', '10', '2021', '3031', '40414243', '5051525354555657', '606162636465666768696a6b6c6d6e6f'].map((h) => Uint8Array.from(Buffer.from(h, 'hex')));
/** Root of all 8 leaves, hex. */
export const VECTOR_ROOT8 = '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328';
