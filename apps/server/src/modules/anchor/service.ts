/**
 * Anchoring of ledger checkpoints on an EVM chain (DESIGN.md Trust design §4, issue 3 §3).
 *
 * `runOnce` is the body of the periodic job: it settles pending anchors (receipt → confirmed, reverted →
 * failed, unknown → re-broadcast of the stored signed transaction), then — when the latest signed
 * checkpoint has at least ANCHOR_MIN_NEW_ENTRIES entries more than the last anchor and ANCHOR_INTERVAL_SECONDS
 * have passed since it — signs a 0-value transaction to self whose calldata is the checkpoint
 * (contract/anchor.ts), stores it as pending BEFORE broadcasting (the unique (chain, size) index makes a
 * concurrent run in another process back off), broadcasts it and waits a bounded time for the receipt.
 * Off (every call answers `off`) when ANCHOR_RPC_URL / ANCHOR_PRIVATE_KEY are not configured.
 */
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Hex } from 'viem';
import { encodeAnchorCalldata, type TAnchorView } from '@cunzheng/contract/anchor';
import type { Db } from '../../db/client.ts';
import type { LedgerService } from '../ledger/types.ts';
import type { AnchorChain } from './chain.ts';
import { checkAnchors, type AnchorCheckResult } from './check.ts';
import * as repo from './repo.ts';
import { anchorViews } from './view.ts';

export interface AnchorConfig {
  /** Ledger origin (LEDGER_ORIGIN): written on chain with each checkpoint. */
  origin: string;
  /** ANCHOR_CHAIN_NAME. */
  chainName?: string;
  /** ANCHOR_EXPLORER_TX_URL (http(s) template with `{tx}`). */
  explorerTxUrl?: string;
  /** ANCHOR_INTERVAL_SECONDS. */
  intervalSeconds: number;
  /** ANCHOR_MIN_NEW_ENTRIES. */
  minNewEntries: number;
  /** How long one run waits for a receipt, ms (default 60 000); after that the anchor stays pending for the next run. */
  receiptTimeoutMs?: number;
  /** A pending anchor whose transaction the node does not know after this long is marked failed, ms (default 1 h). */
  pendingGiveUpMs?: number;
}

export interface AnchorDeps {
  db: Db;
  ledger: Pick<LedgerService, 'latestCheckpoint' | 'checkpointCovering' | 'checkpointAt' | 'consistencyProof'>;
  /** null: anchoring is not configured. */
  chain: AnchorChain | null;
  config: AnchorConfig;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

/** What one run did. */
export type AnchorRunResult =
  | { status: 'off' }
  | { status: 'skipped'; reason: 'empty' | 'up-to-date' | 'too-soon' | 'too-few' | 'concurrent' | 'pending' }
  | { status: 'anchored'; size: number; txHash: string; blockNumber: number }
  | { status: 'sent'; size: number; txHash: string }
  | { status: 'failed'; size: number; txHash: string; error: string };

const sha256 = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest();
const errText = (e: unknown) => (e instanceof Error ? (e as { shortMessage?: string }).shortMessage ?? e.message : String(e)).slice(0, 500);

/** The explorer link of `tx` from an http(s) template with `{tx}`, or ''. */
export const txLink = (template: string | undefined, tx: string): string => (template ? template.split('{tx}').join(tx) : '');

/** Builds the anchoring service. */
export function anchorService(deps: AnchorDeps) {
  const { db, chain, config, log } = deps;
  const receiptTimeoutMs = config.receiptTimeoutMs ?? 60_000;
  const giveUpMs = config.pendingGiveUpMs ?? 3_600_000;
  let knownChainId: number | null = null;
  const chainId = async () => (knownChainId ??= await chain!.chainId());
  const chainName = (id: number) => config.chainName?.trim() || `EVM chain ${id}`;
  const views = anchorViews({ db, ledger: deps.ledger, configured: chain !== null, chainName: () => config.chainName?.trim() || (knownChainId !== null ? chainName(knownChainId) : 'EVM'), explorerTxUrl: config.explorerTxUrl, currentChainId: () => knownChainId, log });

  /** Confirms or fails a pending anchor from its receipt; re-broadcasts it while the node does not know it. */
  async function settle(row: repo.AnchorRow, waitMs: number): Promise<AnchorRunResult> {
    const hash = row.txHash as Hex;
    let receipt = waitMs > 0 ? await chain!.waitReceipt(hash, waitMs) : await chain!.receipt(hash);
    if (!receipt) {
      const known = await chain!.transaction(hash);
      if (!known) {
        try {
          await chain!.broadcast(`0x${row.rawTx.toString('hex')}`);
        } catch (e) {
          if (Date.now() - row.createdAt.getTime() > giveUpMs) {
            await repo.fail(db, row.id, `not mined and cannot be re-broadcast: ${errText(e)}`);
            log.error({ txHash: row.txHash, size: row.size }, 'anchor: pending transaction given up');
            return { status: 'failed', size: row.size, txHash: row.txHash, error: errText(e) };
          }
        }
      }
      receipt = await chain!.receipt(hash);
    }
    if (!receipt) return { status: 'sent', size: row.size, txHash: row.txHash };
    if (!receipt.ok) {
      await repo.fail(db, row.id, `reverted in block ${receipt.blockNumber}`);
      log.error({ txHash: row.txHash, size: row.size }, 'anchor: transaction reverted');
      return { status: 'failed', size: row.size, txHash: row.txHash, error: 'reverted' };
    }
    await repo.confirm(db, row.id, receipt.blockNumber, receipt.blockTime);
    log.info({ txHash: row.txHash, size: row.size, blockNumber: receipt.blockNumber }, 'anchor: checkpoint anchored');
    return { status: 'anchored', size: row.size, txHash: row.txHash, blockNumber: receipt.blockNumber };
  }

  return {
    /** True when ANCHOR_RPC_URL and ANCHOR_PRIVATE_KEY are set. */
    configured: chain !== null,

    /** The anchoring account (lowercase 0x address), or null when off. */
    address: chain?.address ?? null,

    /**
     * One run of the periodic anchoring job (see the file comment). `force` ignores the interval and the
     * minimum of new entries (still never anchors the same checkpoint twice). Throws only for database
     * or RPC errors before a transaction was stored; later failures are recorded on the anchor row.
     */
    async runOnce(opts: { force?: boolean } = {}): Promise<AnchorRunResult> {
      if (!chain) return { status: 'off' };
      for (const row of await repo.pending(db)) {
        const r = await settle(row, 0);
        if (r.status === 'sent') return { status: 'skipped', reason: 'pending' }; // keep nonces in order
      }
      const cp = await deps.ledger.latestCheckpoint();
      if (!cp || cp.size === 0) return { status: 'skipped', reason: 'empty' };
      const last = await repo.latestConfirmed(db);
      if (last && last.size >= cp.size) return { status: 'skipped', reason: 'up-to-date' };
      if (!opts.force && last) {
        if (Date.now() - (last.confirmedAt ?? last.createdAt).getTime() < config.intervalSeconds * 1000) return { status: 'skipped', reason: 'too-soon' };
        if (cp.size - last.size < config.minNewEntries) return { status: 'skipped', reason: 'too-few' };
      }
      if (!opts.force && !last && cp.size < config.minNewEntries) return { status: 'skipped', reason: 'too-few' };

      const id = await chainId();
      const noteSha256 = sha256(cp.note);
      const data = encodeAnchorCalldata({ origin: config.origin, size: cp.size, root: cp.root, noteSha256 });
      const { hash, raw } = await chain.sign(data);
      const inserted = await repo.insertPending(db, {
        chainId: id,
        chainName: chainName(id),
        size: cp.size,
        root: cp.root,
        noteSha256,
        txHash: hash.toLowerCase(),
        fromAddress: chain.address,
        rawTx: Buffer.from(raw.slice(2), 'hex'),
        txUrl: txLink(config.explorerTxUrl, hash.toLowerCase()),
      });
      if (!inserted) return { status: 'skipped', reason: 'concurrent' };
      const row = (await repo.byTxHash(db, hash))!;
      try {
        await chain.broadcast(raw);
      } catch (e) {
        await repo.fail(db, row.id, `broadcast failed: ${errText(e)}`);
        log.error({ err: e, size: cp.size }, 'anchor: broadcast failed');
        return { status: 'failed', size: cp.size, txHash: row.txHash, error: errText(e) };
      }
      return settle(row, receiptTimeoutMs);
    },

    /**
     * The first confirmed anchor covering ledger leaf `index`, with the consistency proof from the entry's
     * checkpoint (first signed checkpoint covering it) to the anchored checkpoint — the data of
     * GET /api/ledger/anchor, the certificate and the offline evidence package (issue 3 §3, §4).
     * `{configured, chainName, anchor: null}` while none covers it (or anchoring is off).
     */
    anchorFor: (index: number): Promise<TAnchorView> => views.anchorFor(index),

    /** Summary for operators: configured, chain name, confirmed count, latest confirmed anchor. */
    summary: () => views.summary(),

    /**
     * Re-checks anchors with id > `afterId` (at most `limit`): stored rows against the ledger's
     * checkpoints, and confirmed ones against the chain (transaction read back, calldata decoded).
     * Used by the continuous audit; stops before a pending anchor so it is checked again later.
     */
    check: (afterId: number, limit: number): Promise<AnchorCheckResult> =>
      checkAnchors({ db, ledger: deps.ledger, chain, chainId: chain ? chainId : null, pendingGiveUpMs: giveUpMs }, afterId, limit),
  };
}

export type AnchorService = ReturnType<typeof anchorService>;
