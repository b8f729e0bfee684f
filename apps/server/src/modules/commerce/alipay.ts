/**
 * The payment provider behind an interface (issue 13 §2), so WeChat Pay can follow: Alipay page pay
 * (`alipay.trade.page.pay`) through the maintained `alipay-sdk` with RSA2 signing and `checkNotifySign`
 * for the asynchronous notification, and the active trade query (`alipay.trade.query`, signed answer
 * verified) that settles an order whose notification was lost. The same code talks to the real gateway (ALIPAY_APP_ID,
 * ALIPAY_PRIVATE_KEY, ALIPAY_PUBLIC_KEY, ALIPAY_GATEWAY) or to the local sandbox gateway of
 * `sandbox.ts` (default when no ALIPAY_* keys are set): keys generated locally into DATA_DIR/keys.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { AlipaySdk, AlipaySdkConfig } from 'alipay-sdk';
import type { Config } from '../../config.ts';

/** What a page-pay call needs. */
export interface PayRequest {
  orderNo: string;
  /** Fen. */
  amount: number;
  subject: string;
  notifyUrl: string;
  returnUrl: string;
  /** Minutes until the provider closes the trade. */
  expireMinutes: number;
}

/** A verified asynchronous notification. */
export interface VerifiedNotify {
  orderNo: string;
  tradeNo: string;
  /** Fen. */
  amount: number;
  /** TRADE_SUCCESS / TRADE_FINISHED pay; anything else is not a payment. */
  paid: boolean;
  appId: string;
}

export interface PayProvider {
  readonly name: 'alipay';
  /** True when talking to the local sandbox gateway. */
  readonly sandbox: boolean;
  /** The auto-submitting form HTML (spec p1 §7 `data.html`). */
  pageForm(r: PayRequest): string;
  /** Checks the notification's RSA2 signature and app id; null when it is not genuine. */
  verifyNotify(params: Record<string, string>): VerifiedNotify | null;
  /**
   * Asks the provider for a trade (Alipay `alipay.trade.query` by out_trade_no; the answer's RSA2 signature
   * is checked with the provider's public key). Null when the provider knows no such trade; throws when the
   * provider cannot be reached or the answer is not genuine.
   */
  queryTrade(orderNo: string): Promise<VerifiedNotify | null>;
  /**
   * Refunds `amount` fen of the paid trade `orderNo` (Alipay `alipay.trade.refund`; `requestNo` is the
   * out_request_no, so repeating the same request never refunds twice; the answer's RSA2 signature is
   * checked). `{ok: true}` when the provider accepted it (also on a repeat), `{ok: false, error}` when it
   * refused (e.g. ACQ.TRADE_NOT_EXIST); throws when unreachable or the answer is not genuine.
   */
  refund(r: { orderNo: string; amount: number; requestNo: string; reason: string }): Promise<{ ok: true; tradeNo: string } | { ok: false; error: string }>;
}

/** Keys of the local sandbox: the app's pair (sandbox verifies requests) and the "Alipay" pair (signs notifications). */
export interface SandboxKeys {
  appId: string;
  appPrivateKey: string;
  appPublicKey: string;
  alipayPrivateKey: string;
  alipayPublicKey: string;
}

/** Loads or generates the sandbox keys under `dataDir/keys/alipay-sandbox.json` (0600). */
export function sandboxKeys(dataDir: string): SandboxKeys {
  const dir = path.join(dataDir, 'keys');
  const file = path.join(dir, 'alipay-sandbox.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as SandboxKeys;
  const pair = () => {
    const k = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    return {
      priv: k.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      pub: k.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    };
  };
  const app = pair();
  const ali = pair();
  const keys: SandboxKeys = { appId: `2021${crypto.randomInt(0, 1e9).toString().padStart(12, '0')}`, appPrivateKey: app.priv, appPublicKey: app.pub, alipayPrivateKey: ali.priv, alipayPublicKey: ali.pub };
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  return keys;
}

/** Yuan string with two decimals of an amount in fen. */
export const yuan = (fen: number): string => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

/** Fen of a yuan string like "12.30"; NaN when malformed. */
export function fenOf(s: string | undefined): number {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s ?? '');
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : Number.NaN;
}

/** PEM text of a key given as PEM, a file path, or bare base64. */
function pem(v: string, kind: 'PRIVATE' | 'PUBLIC'): string {
  if (v.includes('-----BEGIN')) return v.replace(/\\n/g, '\n');
  if (fs.existsSync(v)) return fs.readFileSync(v, 'utf8');
  return `-----BEGIN ${kind} KEY-----\n${v.replace(/\s+/g, '').replace(/(.{64})/g, '$1\n')}\n-----END ${kind} KEY-----\n`;
}

const requireLazy = createRequire(import.meta.url);

/** The SDK client, built on the first payment call: alipay-sdk (≈ 41 MiB RSS) is not loaded at server start (issue 16). */
function lazySdk(cfg: AlipaySdkConfig): () => AlipaySdk {
  let sdk: AlipaySdk | undefined;
  return () => (sdk ??= new (requireLazy('alipay-sdk') as typeof import('alipay-sdk')).AlipaySdk(cfg));
}

/** Builds the Alipay provider: real gateway when ALIPAY_APP_ID is set, else the sandbox at `sandboxGateway`. */
export function alipayProvider(config: Config, sandboxGateway: string): PayProvider {
  const real = !!config.ALIPAY_APP_ID;
  let appId: string;
  let sdk: () => AlipaySdk;
  if (real) {
    appId = config.ALIPAY_APP_ID!;
    const privateKey = pem(config.ALIPAY_PRIVATE_KEY ?? '', 'PRIVATE');
    sdk = lazySdk({
      appId,
      privateKey,
      alipayPublicKey: pem(config.ALIPAY_PUBLIC_KEY ?? '', 'PUBLIC'),
      gateway: config.ALIPAY_GATEWAY,
      keyType: privateKey.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
    });
  } else {
    const k = sandboxKeys(config.dataDir);
    appId = k.appId;
    sdk = lazySdk({ appId, privateKey: k.appPrivateKey, alipayPublicKey: k.alipayPublicKey, gateway: sandboxGateway, keyType: 'PKCS1' });
  }
  return {
    name: 'alipay',
    sandbox: !real,
    pageForm(r) {
      return sdk().pageExecute('alipay.trade.page.pay', 'POST', {
        notifyUrl: r.notifyUrl,
        returnUrl: r.returnUrl,
        bizContent: {
          outTradeNo: r.orderNo,
          productCode: 'FAST_INSTANT_TRADE_PAY',
          totalAmount: yuan(r.amount),
          subject: r.subject,
          timeoutExpress: `${r.expireMinutes}m`,
        },
      });
    },
    verifyNotify(params) {
      let ok = false;
      try {
        ok = sdk().checkNotifySign(params, true);
      } catch {
        ok = false;
      }
      if (!ok || params.app_id !== appId) return null;
      const amount = fenOf(params.total_amount);
      if (!params.out_trade_no || !params.trade_no || !Number.isFinite(amount)) return null;
      return { orderNo: params.out_trade_no, tradeNo: params.trade_no, amount, paid: params.trade_status === 'TRADE_SUCCESS' || params.trade_status === 'TRADE_FINISHED', appId: params.app_id };
    },
    async queryTrade(orderNo) {
      // exec signs the request (RSA2) and, with validateSign, checks the answer's signature (throws if forged).
      const r = (await sdk().exec('alipay.trade.query', { bizContent: { out_trade_no: orderNo } }, { validateSign: true })) as Record<string, unknown>;
      const get = (camel: string, snake: string): string => String(r[camel] ?? r[snake] ?? '');
      if (get('code', 'code') !== '10000') return null;
      const status = get('tradeStatus', 'trade_status');
      const amount = fenOf(get('totalAmount', 'total_amount'));
      const got = get('outTradeNo', 'out_trade_no');
      const tradeNo = get('tradeNo', 'trade_no');
      if (got !== orderNo || !tradeNo || !Number.isFinite(amount)) return null;
      return { orderNo, tradeNo, amount, paid: status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED', appId };
    },
    async refund(q) {
      const r = (await sdk().exec('alipay.trade.refund', { bizContent: { out_trade_no: q.orderNo, refund_amount: yuan(q.amount), out_request_no: q.requestNo, refund_reason: q.reason.slice(0, 100) } }, { validateSign: true })) as Record<string, unknown>;
      const get = (camel: string, snake: string): string => String(r[camel] ?? r[snake] ?? '');
      if (get('code', 'code') !== '10000') return { ok: false, error: `${get('subCode', 'sub_code') || get('code', 'code')} ${get('subMsg', 'sub_msg')}`.trim().slice(0, 200) };
      return { ok: true, tradeNo: get('tradeNo', 'trade_no') };
    },
  };
}
