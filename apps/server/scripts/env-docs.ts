/** Writes README.md's environment-variable table from the config schema: `npm run docs:env` (issue 8 §2). */
import fs from 'node:fs';
import path from 'node:path';
import { withEnvTable } from '../src/config-docs.ts';

const readme = path.resolve(import.meta.dirname, '../../../README.md');
const before = fs.readFileSync(readme, 'utf8');
const after = withEnvTable(before);
if (after !== before) fs.writeFileSync(readme, after);
console.log(after === before ? `${readme}: table already up to date` : `wrote the table of ${readme}`);
