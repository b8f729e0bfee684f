/**
 * Composition of the anchoring module from the platform context (called by modules/index.ts), and its
 * periodic job (issue 3 §3).
 */
import type { Hex } from 'viem';
import type { AppContext } from '../../platform/context.ts';
import type { Jobs } from '../../platform/jobs.ts';
import type { LedgerService } from '../ledger/types.ts';
import { evmAnchorChain } from './chain.ts';
import { anchorService, type AnchorService } from './service.ts';

/** Name of the pg-boss queue of the anchoring job. */
export const ANCHOR_QUEUE = 'anchor-checkpoint';

/**
 * Builds the anchoring service. Off (no chain) unless ANCHOR_RPC_URL and ANCHOR_PRIVATE_KEY are both set.
 * Throws Error (fail fast at start) when only one of them is set, or when ANCHOR_EXPLORER_TX_URL is not an
 * http(s) URL containing `{tx}`.
 */
export function buildAnchor(ctx: AppContext, deps: { ledger: LedgerService }): AnchorService {
  const c = ctx.config;
  if (Boolean(c.ANCHOR_RPC_URL) !== Boolean(c.ANCHOR_PRIVATE_KEY)) {
    throw new Error('配置错误 / invalid configuration: ANCHOR_RPC_URL and ANCHOR_PRIVATE_KEY must be set together (or neither, to turn anchoring off)');
  }
  const tmpl = c.ANCHOR_EXPLORER_TX_URL?.trim() || undefined;
  if (tmpl && (!/^https?:\/\/[^\s"'<>]+$/i.test(tmpl) || !tmpl.includes('{tx}'))) {
    throw new Error('配置错误 / invalid configuration: ANCHOR_EXPLORER_TX_URL must be an http(s) URL containing {tx}');
  }
  const chain = c.ANCHOR_RPC_URL && c.ANCHOR_PRIVATE_KEY ? evmAnchorChain({ rpcUrl: c.ANCHOR_RPC_URL, privateKey: c.ANCHOR_PRIVATE_KEY as Hex }) : null;
  return anchorService({
    db: ctx.db,
    ledger: deps.ledger,
    chain,
    config: {
      origin: c.LEDGER_ORIGIN,
      chainName: c.ANCHOR_CHAIN_NAME,
      explorerTxUrl: tmpl,
      intervalSeconds: c.ANCHOR_INTERVAL_SECONDS,
      minNewEntries: c.ANCHOR_MIN_NEW_ENTRIES,
    },
    log: ctx.log,
  });
}

/**
 * Schedules the anchoring job once a minute (pg-boss cron, one job per tick across all processes); each
 * run anchors only when the interval and the minimum of new entries allow (AnchorService.runOnce).
 * Nothing is scheduled when anchoring is off (an earlier schedule is removed). Errors are logged, never thrown into pg-boss.
 */
export async function registerAnchorWorker(jobs: Jobs, anchor: AnchorService, log: AppContext['log']): Promise<void> {
  if (!anchor.configured) {
    log.info('anchor: external anchoring is not configured (ANCHOR_RPC_URL / ANCHOR_PRIVATE_KEY unset)');
    await jobs.boss.unschedule(ANCHOR_QUEUE).catch(() => undefined); // a schedule left from when it was on
    return;
  }
  await jobs.every(ANCHOR_QUEUE, '* * * * *', { expireInSeconds: 600 }, async () => {
    try {
      const r = await anchor.runOnce();
      if (r.status === 'failed') log.error({ anchor: r }, 'anchor: run failed');
    } catch (err) {
      log.error({ err }, 'anchor: run failed');
    }
  });
}
