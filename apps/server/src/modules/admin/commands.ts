/**
 * Operator commands run by the CLI, in-process or through the running server's admin socket
 * (issue 2 §2; platform/adminChannel.ts). Each returns a JSON-serialisable report.
 */
import { isMobile, validatePassword } from '@cunzheng/contract/validators';
import type { Database } from '../../db/client.ts';
import { readOutbox } from '../../platform/sms.ts';
import { backupTo } from '../../platform/backup.ts';
import type { Services } from '../index.ts';
import { notaryCommands } from '../notary/cli.ts';

const str = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

/** Returns the command runner bound to the services (`dataDir`: where `backup` reads the keys). Unknown command → Error. */
export function adminCommands(s: Services, database: Database, dataDir?: string) {
  return async (cmd: string, args: Record<string, string | boolean>): Promise<unknown> => {
    switch (cmd) {
      case 'user:create': {
        const mobile = str(args.mobile) ?? '';
        const password = str(args.password) ?? '';
        if (!isMobile(mobile)) throw new Error('请输入正确格式手机号 (--mobile)');
        if (validatePassword(password) !== true) throw new Error('请输入6-18位数字字母组合密码 (--password)');
        const type = str(args.type) === 'company' ? 2 : 1;
        const name = (str(args.name) ?? '').slice(0, 60);
        const role = str(args.role) === 'operator' ? 'operator' : 'user';
        // --points N: starting balance in points (2 decimals), replacing the welcome grant (issue 13 §1).
        const pointsArg = str(args.points);
        if (pointsArg !== undefined && !/^\d{1,9}(\.\d{1,2})?$/.test(pointsArg)) throw new Error('积分格式错误 (--points, e.g. 100 or 12.50)');
        const points = pointsArg === undefined ? undefined : Math.round(Number(pointsArg) * 100);
        const u = await s.auth.createUser(
          { mobile, password, type, name: type === 1 ? name : '', company: type === 2 ? name : '', role, userStatus: args.verified ? 3 : 1, points },
          null,
          'cli',
        );
        return { userId: u.id, mobile: u.mobile, points: u.points, type: type === 1 ? 'personal' : 'company', role: u.role, userStatus: u.userStatus, extractCode: await s.auth.extractCodeOf(u.id) };
      }
      case 'points:verify':
        // Recomputes every balance from the points ledger (issue 13 §1); `problems` is empty when clean.
        return s.commerce.verify();
      case 'ledger:verify':
        // Full report of the continuous audit (issue 3 §5): tree, blobs, anchors; problems also become alerts.
        return s.audit.full();
      case 'sms:outbox': {
        const limit = Math.min(Number(str(args.limit) ?? 10) || 10, 100);
        const mobile = str(args.mobile);
        return readOutbox(database.db, { mobile, limit });
      }
      case 'ping':
        return { ok: true };
      case 'backup': {
        // Issue 17 §3: a consistent snapshot + blobs + keys into --dir (platform/backup.ts); runs in the server when one is up.
        const dir = str(args.dir);
        if (!dir || !dataDir) throw new Error('usage: backup <dir>');
        const m = await backupTo(dir, { database, blobs: s.blobs, dataDir });
        return { ok: true, dir, createdAt: m.createdAt, ledger: m.ledger, tables: m.tables.length, files: Object.keys(m.files).length };
      }
      case 'notary:office-create':
      case 'notary:office-cert':
      case 'notary:user-add':
        // Notary offices (issue 15 §3; notary/cli.ts).
        return notaryCommands({
          offices: s.notary.offices,
          identities: s.notary.identities,
          userIdByMobile: async (mobile) => (await s.auth.listUsers({ page: 1, limit: 20, keyword: mobile })).list.find((u) => u.mobile === mobile)?.id ?? null,
        })(cmd, args);
      default:
        throw new Error(`未知命令 / unknown command: ${cmd}`);
    }
  };
}
