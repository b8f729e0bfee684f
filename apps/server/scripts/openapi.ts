/** Writes docs/openapi.json from the route schemas: `npm run docs:api`. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cz-openapi-'));
const database = await openDatabase({ pgliteDir: 'memory://' });
const { app } = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }), database, { logger: false });
await app.ready();
const out = path.resolve(import.meta.dirname, '../../../docs/openapi.json');
fs.writeFileSync(out, JSON.stringify(app.swagger(), null, 2) + '\n');
await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(`wrote ${out}`);
