/**
 * Server entry: config → database (+ migrations) → app → admin channel → listen (DESIGN.md Layout).
 * `npm start` honours PORT, HOST, DATA_DIR, DATABASE_URL (issue 2 §2).
 */
import path from 'node:path';
import { ensureServerV8Flags, takeStartupCompaction } from './platform/v8Flags.ts';

// First, before the app's modules load: re-exec with the server's V8 flags (issue 16, platform/v8Flags.ts).
ensureServerV8Flags();
const compactAfterStart = takeStartupCompaction();
const { buildApp } = await import('./app.ts');
const { loadConfig } = await import('./config.ts');
const { openDatabase } = await import('./db/client.ts');
const { prepareDataDir, tightenDataDir } = await import('./platform/dataDir.ts');
const { startAdminChannel } = await import('./platform/adminChannel.ts');
const { adminCommands } = await import('./modules/admin/commands.ts');

async function main(): Promise<void> {
  const config = loadConfig();
  // Module loading left ≈ 100 MiB of dead heap: give it back before PGlite's wasm memory is added on top (issue 16: peak RSS).
  compactAfterStart();
  prepareDataDir(config.dataDir); // umask 077 before PGlite opens; refuses a group/world-writable DATA_DIR (issue 9 §4)
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.dataDir, 'pgdata'), initInChild: true });
  // PGlite unpacks its cluster 0666 whatever the umask; everything else was created under umask 077.
  if (database.kind === 'pglite') tightenDataDir(path.join(config.dataDir, 'pgdata'));
  const { app, services } = await buildApp(config, database, { jobs: true });
  // Temp files of uploads interrupted by a crash or kill (issue 9 §1): nothing references them.
  const swept = await services.blobs.sweepTmp(Infinity);
  if (swept > 0) app.log.warn(`blobs: removed ${swept} temp file(s) left by interrupted uploads`);
  const closeAdmin = await startAdminChannel(config.dataDir, adminCommands(services, database, config.dataDir));
  await app.listen({ port: config.PORT, host: config.HOST });
  compactAfterStart(); // give back the heap pages module loading grew (issue 16; ≈ 150 MiB)
  app.log.info(`存证 platform listening on http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT} (role: ${config.ROLE}, database: ${database.kind}, blobs: ${config.BLOB_STORE === 'local' ? 'local' : 's3'}, data: ${config.dataDir})`);
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: shutting down`);
    await closeAdmin();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  process.stderr.write(`启动失败 / failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
