// @vitest-environment node
/**
 * The owner-list, label, delete and batch calls of every kind are used only through the kind's KindApi
 * (issue 11 §1): no page outside src/api/ imports them, so a list or download page copied for a kind
 * (calling getWebList, getProList… itself) fails here instead of forking the shared pages.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../..');
/** The per-kind calls the shared list and download page reach through `KindApi`. */
const KIND_CALLS = ['getDataList', 'getLabelList', 'delData', 'downloadBatch', 'downloadZip', 'getWebList', 'saveWebLabel', 'delWeb', 'downloadWebBatch', 'getProList', 'getProLabelList', 'saveProLabel', 'delPro', 'downloadProBatch'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe('kind calls go through KindApi', () => {
  it('no module outside src/api/ imports a kind’s list, label, delete or batch call', () => {
    const offenders: string[] = [];
    for (const file of sources(SRC)) {
      const rel = path.relative(SRC, file);
      if (rel.startsWith(`api${path.sep}`)) continue;
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*\/api\/[^']*'/g)) {
        const names = (m[1] ?? '').split(',').map((n) => n.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]);
        for (const n of names) if (KIND_CALLS.includes(n ?? '')) offenders.push(`${rel}: ${n}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('the check sees an import like a copied page would write', () => {
    const copied = "import { getWebList, type WebItem } from '../../../api/forensics';";
    const m = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*\/api\/[^']*'/.exec(copied);
    expect(m?.[1]?.split(',').map((n) => n.trim())).toContain('getWebList');
  });
});
