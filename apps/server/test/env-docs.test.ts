/**
 * Issue 8 §2: README's environment-variable table is the one generated from the config schema
 * (`npm run docs:env`), so a variable added, removed or re-described in config.ts without
 * regenerating README fails here; every variable carries a `.describe()` text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ZConfig, ENV_DOC_HIDDEN } from '../src/config.ts';
import { envTable, withEnvTable } from '../src/config-docs.ts';

const README = path.resolve(import.meta.dirname, '../../../README.md');

describe('README environment-variable table', () => {
  it('is exactly the table generated from config.ts (run `npm run docs:env`)', () => {
    const readme = fs.readFileSync(README, 'utf8');
    expect(withEnvTable(readme)).toBe(readme);
  });

  it('lists every variable of the schema, with a description, once', () => {
    const table = envTable();
    for (const name of Object.keys(ZConfig.shape)) {
      if (ENV_DOC_HIDDEN.has(name)) continue;
      expect(table.split('\n').filter((l) => l.startsWith(`| \`${name}\` |`))).toHaveLength(1);
    }
    expect(table).toContain('| `CAPTURE_ALLOW_HOSTS` | empty |');
    expect(table).toContain('| `PORT` | 8080 |');
    expect(table).toContain('| `DATABASE_URL` | unset |');
  });
});
