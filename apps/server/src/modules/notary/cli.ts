/**
 * Operator CLI of notary offices (issue 15 §3), run by `npm run cli -- …` in-process or through the running
 * server's admin socket (admin/commands.ts):
 *   notary:office-create --name N --city C --code 京某证内字 [--fee 200.00] [--key k.pem --cert c.pem [--chain ca.pem]]
 *       creates an office; its signing certificate is issued by the platform root (10 years) unless a key
 *       and certificate are imported (checked: key matches, chain verifies, ends at a root or the platform root);
 *   notary:office-cert <office> [--key k.pem --cert c.pem [--chain ca.pem]]
 *       replaces the office's signing identity (re-issued by the root, or imported);
 *   notary:user-add <office> <mobile>
 *       gives the account with that mobile the notary role at the office (the /notary-office console).
 * <office> is the office's id, exact name or number prefix. Every change is audited (actor: none, ip 'cli').
 */
import fs from 'node:fs';
import { isMobile } from '@cunzheng/contract/validators';
import type { IdentityBundle, IdentityService } from '../trust/identities.ts';
import type { OfficeService } from './offices.ts';

const str = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

/** Number prefix: 2–10 Chinese characters (as the operator console's ZAdminOfficeReq). */
const PREFIX = /^[\u4e00-\u9fa5]{2,10}$/;

/** The commands' dependencies. */
export interface NotaryCliDeps {
  offices: OfficeService;
  identities: IdentityService;
  userIdByMobile(mobile: string): Promise<number | null>;
}

/** Returns the runner of the notary:* commands; null for another command. Errors are plain Errors. */
export function notaryCommands(d: NotaryCliDeps) {
  /** The imported identity of --key/--cert/--chain, or undefined when none is given. */
  const imported = async (args: Record<string, string | boolean>): Promise<IdentityBundle | undefined> => {
    const key = str(args.key);
    const cert = str(args.cert);
    if (!key && !cert) return undefined;
    if (!key || !cert) throw new Error('--key and --cert go together');
    const read = (f: string) => {
      try {
        return fs.readFileSync(f, 'utf8');
      } catch {
        throw new Error(`cannot read ${f}`);
      }
    };
    return d.identities.importIdentity(read(key), read(cert), str(args.chain) ? read(str(args.chain)!) : '');
  };
  const office = async (ref: string | undefined) => {
    const o = ref ? await d.offices.find(ref) : null;
    if (!o) throw new Error(`公证机构不存在 / no such office: ${ref ?? ''}`);
    return o;
  };

  return async (cmd: string, args: Record<string, string | boolean>): Promise<unknown> => {
    switch (cmd) {
      case 'notary:office-create': {
        const name = (str(args.name) ?? '').trim();
        const city = (str(args.city) ?? '').trim();
        const code = (str(args.code) ?? '').trim();
        if (name.length < 2 || name.length > 60) throw new Error('公证机构名称为2至60个字符 (--name)');
        if (city.length < 2 || city.length > 20) throw new Error('所在城市为2至20个字符 (--city)');
        if (!PREFIX.test(code)) throw new Error('公证书字号应为2至10个汉字，如“京某证内字” (--code)');
        const feeArg = str(args.fee);
        if (feeArg !== undefined && !/^\d{1,7}(\.\d{1,2})?$/.test(feeArg)) throw new Error('公证费格式错误 (--fee, yuan per evidence, e.g. 200 or 150.50)');
        if (await d.offices.find(name)) throw new Error(`公证机构已存在 / an office of that name exists: ${name}`);
        const identity = await imported(args);
        const o = await d.offices.create(null, { name, city, certPrefix: code, fee: feeArg === undefined ? undefined : Math.round(Number(feeArg) * 100), identity }, 'cli');
        return { officeId: o.id, name: o.name, city: o.city, certPrefix: o.certPrefix, fee: o.feePerEvidence, certificate: identity ? 'imported' : 'issued by the platform root', signer: d.identities.nameOf(d.offices.identityOf(o)) };
      }
      case 'notary:office-cert': {
        const o = await office(str(args.office));
        const identity = await imported(args);
        const bundle = identity ?? (await d.identities.issue({ org: o.name, unit: '公证机构电子签章', cn: o.name }, 10));
        await d.offices.setIdentity(null, o.id, bundle, identity ? 'imported' : 'issued');
        return { officeId: o.id, certificate: identity ? 'imported' : 'issued by the platform root', signer: d.identities.nameOf(bundle) };
      }
      case 'notary:user-add': {
        const o = await office(str(args.office));
        const mobile = str(args.mobile) ?? '';
        if (!isMobile(mobile)) throw new Error('请输入正确格式手机号 (<mobile>)');
        const userId = await d.userIdByMobile(mobile);
        if (userId === null) throw new Error(`用户不存在 / no account with mobile ${mobile}`);
        try {
          await d.offices.addStaff(null, o.id, userId, 'cli');
        } catch (e) {
          throw new Error((e as Error).message);
        }
        return { officeId: o.id, office: o.name, userId, mobile, role: 'notary' };
      }
      default:
        return null;
    }
  };
}
