/**
 * Operator CLI (issue 2 §2): `npm run cli -- <command> [--flag value …]`.
 *   user:create --mobile M --password P [--name N] [--type personal|company] [--role user|operator] [--verified]
 *   ledger:verify          re-hash every stored blob against its entry and recompute the tree
 *   sms:outbox [--mobile M] [--limit N]   recent SMS of the embedded provider
 * When a server runs on the same DATA_DIR the command goes through its admin socket
 * (platform/adminChannel.ts); otherwise the CLI opens the database itself.
 */
import path from 'node:path';
import pino from 'pino';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { prepareDataDir, tightenDataDir } from './platform/dataDir.ts';
import { sendAdminCommand } from './platform/adminChannel.ts';
import { buildContext } from './platform/context.ts';
import { adminCommands } from './modules/admin/commands.ts';
import { buildServices } from './modules/index.ts';

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
  sms:outbox [--mobile M] [--limit N]`;

async function main(): Promise<void> {
  const { cmd, args } = parseArgs(process.argv.slice(2));
  if (cmd === 'help' || cmd === '--help') {
    process.stdout.write(HELP + '\n');
    return;
  }
  const config = loadConfig();
  prepareDataDir(config.dataDir); // owner-only files, refuses an unsafe DATA_DIR (issue 9 §4)
  const remote = await sendAdminCommand(config.dataDir, cmd, args);
  let answer: { ok: boolean; result?: unknown; error?: string };
  if (remote) answer = remote;
  else {
    const database = await openDatabase({ url: config.DATABASE_URL, pgliteDir: path.join(config.dataDir, 'pgdata') });
    // PGlite unpacks its cluster 0666 whatever the umask; everything else was created under umask 077.
    if (database.kind === 'pglite') tightenDataDir(path.join(config.dataDir, 'pgdata'));
    const ctx = buildContext(config, database, pino({ level: 'warn' }));
    const services = buildServices(ctx);
    try {
      answer = { ok: true, result: await adminCommands(services, database)(cmd, args) };
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

main().catch((e: unknown) => {
  process.stderr.write(`错误 / error: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
