/**
 * Operator CLI (issue 2 §2): `npm run cli -- <command> [--flag value …]`.
 *   user:create --mobile M --password P [--name N] [--type personal|company] [--role user|operator] [--verified]
 *   ledger:verify          re-hash every stored blob against its entry and recompute the tree
 *   ledger:monitor <url>   follow a remote log's tlog-tiles, verify every checkpoint and entry, report split views
 *   sms:outbox [--mobile M] [--limit N]   recent SMS of the embedded provider
 *   backup <dir>           database snapshot + blobs + keys with a manifest of hashes (platform/backup.ts)
 *   restore <dir>          into a fresh installation (stopped server, empty database), then ledger:verify
 *   notary:office-create --name N --city C --code 京某证内字 [--fee 200.00] [--key k.pem --cert c.pem [--chain ca.pem]]
 *   notary:office-cert <office> [--key k.pem --cert c.pem [--chain ca.pem]]
 *   notary:user-add <office> <mobile>      (notary/cli.ts)
 * When a server runs on the same DATA_DIR the command goes through its admin socket
 * (platform/adminChannel.ts); otherwise the CLI opens the database itself.
 */
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDataDir, tightenDataDir } from './platform/dataDir.ts';
import { sendAdminCommand } from './platform/adminChannel.ts';
import { blobStoreFor, buildContext } from './platform/context.ts';
import { restoreFrom } from './platform/backup.ts';
import { adminCommands } from './modules/admin/commands.ts';
import { buildServices } from './modules/index.ts';
import { monitorCommand } from './modules/ledger/monitor.ts';
import { resolveLedgerOrigin } from './modules/ledger/origin.ts';

/** Parses `--key value` and bare `--flag` arguments. */
function parseArgs(argv: string[]): { cmd: string; args: Record<string, string | boolean> } {
  const [cmd = 'help', ...rest] = argv;
  const args: Record<string, string | boolean> = {};
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i] ?? '';
    if (!a.startsWith('--')) continue;
    const key = a.slice(2);
    const next = rest[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      args[key] = next;
      i++;
    } else args[key] = true;
  }
  return { cmd, args };
}

const HELP = `用法 / usage: npm run cli -- <command>
  user:create --mobile M --password P [--name N] [--type personal|company] [--role user|operator] [--verified] [--points N]
  points:verify
  ledger:verify
  ledger:monitor <https://site/log> [--key K] [--state F] [--once] [--interval S] [--witness K]... [--quorum N]
  sms:outbox [--mobile M] [--limit N]
  backup <dir>
  restore <dir>
  notary:office-create --name N --city C --code 京某证内字 [--fee 200.00] [--key k.pem --cert c.pem [--chain ca.pem]]
  notary:office-cert <office> [--key k.pem --cert c.pem [--chain ca.pem]]
  notary:user-add <office> <mobile>`;

async function main(): Promise<void> {
  const { cmd, args } = parseArgs(process.argv.slice(2));
  if (cmd === 'help' || cmd === '--help') {
    process.stdout.write(HELP + '\n');
    return;
  }
  if (cmd === 'ledger:monitor') {
    // Follows a remote log (issue 10 §2); needs no configuration or database of its own.
    process.exitCode = await monitorCommand(process.argv.slice(3));
    return;
  }
  const config = loadConfig();
  prepareDataDir(config.dataDir); // owner-only files, refuses an unsafe DATA_DIR (issue 9 §4)
  if (cmd === 'backup' || cmd === 'restore') {
    // The directory is positional (`backup <dir>`), resolved against where npm was invoked.
    const dir = process.argv[3] && !process.argv[3].startsWith('--') ? process.argv[3] : '';
    if (!dir) throw new Error(`usage: npm run cli -- ${cmd} <dir>`);
    args.dir = path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);
  }
  if (cmd.startsWith('notary:')) {
    // Positional <office> <mobile>; key files resolved where npm was invoked (the server may read them).
    const pos = process.argv.slice(3).filter((a, i, all) => !a.startsWith('--') && !(i > 0 && all[i - 1]!.startsWith('--')));
    if (pos[0] !== undefined && args.office === undefined) args.office = pos[0];
    if (pos[1] !== undefined && args.mobile === undefined) args.mobile = pos[1];
    for (const k of ['key', 'cert', 'chain']) if (typeof args[k] === 'string') args[k] = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[k]);
  }
  if (cmd === 'restore') return restore(config, String(args.dir));
  const remote = await sendAdminCommand(config.dataDir, cmd, args);
  let answer: { ok: boolean; result?: unknown; error?: string };
  if (remote) answer = remote;
  else {
    const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.dataDir, 'pgdata') });
    // PGlite unpacks its cluster 0666 whatever the umask; everything else was created under umask 077.
    if (database.kind === 'pglite') tightenDataDir(path.join(config.dataDir, 'pgdata'));
    await resolveLedgerOrigin(config, database);
    const ctx = buildContext(config, database, pino({ level: 'warn' }));
    const services = buildServices(ctx);
    try {
      answer = { ok: true, result: await adminCommands(services, database, config.dataDir)(cmd, args) };
    } catch (e) {
      answer = { ok: false, error: (e as Error).message };
    } finally {
      await ctx.stop();
      await database.close();
    }
  }
  if (!answer.ok) {
    process.stderr.write(`错误 / error: ${answer.error}\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(JSON.stringify(answer.result, null, 2) + '\n');
  const r = answer.result as { ok?: boolean } | undefined;
  if (r && r.ok === false) process.exitCode = 2;
}

/**
 * `restore <dir>` (issue 17 §3): refuses while a server runs on DATA_DIR; restores into the empty database,
 * the blob store of BLOB_STORE and DATA_DIR/keys before any service creates keys; then runs ledger:verify
 * (exit 2 when not ok) and prints both reports.
 */
async function restore(config: ReturnType<typeof loadConfig>, dir: string): Promise<void> {
  if (await sendAdminCommand(config.dataDir, 'ping', {})) throw new Error('a server is running on this DATA_DIR: stop it before restoring');
  const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.dataDir, 'pgdata') });
  if (database.kind === 'pglite') tightenDataDir(path.join(config.dataDir, 'pgdata'));
  try {
    const manifest = await restoreFrom(dir, { database, dataDir: config.dataDir, blobs: () => blobStoreFor(config) });
    await resolveLedgerOrigin(config, database);
    const ctx = buildContext(config, database, pino({ level: 'warn' }));
    try {
      const verify = (await adminCommands(buildServices(ctx), database, config.dataDir)('ledger:verify', {})) as { ok?: boolean };
      process.stdout.write(JSON.stringify({ restored: { createdAt: manifest.createdAt, ledger: manifest.ledger, tables: manifest.tables.length, files: Object.keys(manifest.files).length }, verify }, null, 2) + '\n');
      if (verify.ok === false) process.exitCode = 2;
    } finally {
      await ctx.stop();
    }
  } finally {
    await database.close();
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`错误 / error: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
