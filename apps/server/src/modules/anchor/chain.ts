/**
 * The EVM chain adapter of anchoring (DESIGN.md Trust design §4, issue 3 §3), on viem over JSON-RPC
 * (http(s) or ws(s)): works with any EVM node — Ethereum, Hyperledger Besu, FISCO BCOS' EVM JSON-RPC,
 * a local Hardhat node in tests. An anchor is a 0-value transaction from the anchoring account to itself
 * carrying the checkpoint in its calldata (format: packages/contract/src/anchor.ts). Signing is local
 * (the private key never leaves this process); the node only receives the signed raw transaction.
 */
import { createRequire } from 'node:module';
import type { Hex, Transport } from 'viem';

const requireLazy = createRequire(import.meta.url);

/** A transaction as read back from the chain. */
export interface ChainTx {
  hash: Hex;
  from: string;
  to: string | null;
  /** Calldata, 0x hex. */
  input: Hex;
  value: bigint;
  /** null while pending. */
  blockNumber: number | null;
}

/** A mined transaction's receipt. */
export interface ChainReceipt {
  ok: boolean;
  blockNumber: number;
  /** Block timestamp, Unix seconds. */
  blockTime: number;
}

export interface AnchorChain {
  /** The anchoring account (lowercase 0x address). */
  address: string;
  /** EIP-155 chain id of the node (asked once, then cached). */
  chainId(): Promise<number>;
  /** Prepares (nonce, gas, fees from the node) and signs a 0-value transaction to self with `data`; nothing is sent. */
  sign(data: Hex): Promise<{ hash: Hex; raw: Hex }>;
  /** Sends a signed raw transaction; returns its hash. Throws the node's error (e.g. nonce too low). */
  broadcast(raw: Hex): Promise<Hex>;
  /** Receipt of `hash` with its block time, or null while not mined. */
  receipt(hash: Hex): Promise<ChainReceipt | null>;
  /** Waits up to `timeoutMs` for the receipt; null on timeout. */
  waitReceipt(hash: Hex, timeoutMs: number): Promise<ChainReceipt | null>;
  /** The transaction of `hash` as the node reports it, or null when unknown. */
  transaction(hash: Hex): Promise<ChainTx | null>;
}

/** Builds the adapter. Throws Error for a malformed key or URL. `pollingMs`: receipt polling interval (default 1000). */
export function evmAnchorChain(opts: { rpcUrl: string; privateKey: Hex; pollingMs?: number; timeoutMs?: number }): AnchorChain {
  // viem (≈ 370 modules, ≈ 38 MiB RSS) loads only when anchoring is configured, not at every server start (issue 16).
  const { createPublicClient, createWalletClient, http, keccak256, webSocket } = requireLazy('viem') as typeof import('viem');
  const { privateKeyToAccount } = requireLazy('viem/accounts') as typeof import('viem/accounts');
  const account = privateKeyToAccount(opts.privateKey);
  const transport: Transport = /^wss?:/i.test(opts.rpcUrl) ? webSocket(opts.rpcUrl, { timeout: opts.timeoutMs ?? 20_000 }) : http(opts.rpcUrl, { timeout: opts.timeoutMs ?? 20_000, retryCount: 1 });
  const pollingInterval = opts.pollingMs ?? 1000;
  const pub = createPublicClient({ transport, pollingInterval });
  const wallet = createWalletClient({ account, transport, pollingInterval });
  let chainId: Promise<number> | null = null;
  const getChainId = () => {
    chainId ??= pub.getChainId().catch((e: unknown) => {
      chainId = null;
      throw e;
    });
    return chainId;
  };
  const blockTime = async (blockNumber: bigint) => Number((await pub.getBlock({ blockNumber })).timestamp);
  const toReceipt = async (r: { status: 'success' | 'reverted'; blockNumber: bigint }): Promise<ChainReceipt> => ({
    ok: r.status === 'success',
    blockNumber: Number(r.blockNumber),
    blockTime: await blockTime(r.blockNumber),
  });
  const notFound = (e: unknown) => /not found|could not be found/i.test(String((e as Error)?.name ?? '') + String((e as Error)?.message ?? ''));

  return {
    address: account.address.toLowerCase(),
    chainId: getChainId,
    async sign(data) {
      const id = await getChainId();
      const request = await wallet.prepareTransactionRequest({ account, to: account.address, value: 0n, data, chain: null, chainId: id });
      const raw = await account.signTransaction({ ...request, chainId: id } as Parameters<typeof account.signTransaction>[0]);
      return { hash: keccak256(raw), raw };
    },
    broadcast: (raw) => pub.sendRawTransaction({ serializedTransaction: raw }),
    async receipt(hash) {
      try {
        return await toReceipt(await pub.getTransactionReceipt({ hash }));
      } catch (e) {
        if (notFound(e)) return null;
        throw e;
      }
    },
    async waitReceipt(hash, timeoutMs) {
      try {
        return await toReceipt(await pub.waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval }));
      } catch (e) {
        if (/timed? ?out/i.test(String((e as Error)?.name ?? '') + String((e as Error)?.message ?? ''))) return null;
        throw e;
      }
    },
    async transaction(hash) {
      try {
        const t = await pub.getTransaction({ hash });
        return { hash: t.hash, from: t.from.toLowerCase(), to: t.to ? t.to.toLowerCase() : null, input: t.input, value: t.value, blockNumber: t.blockNumber === null ? null : Number(t.blockNumber) };
      } catch (e) {
        if (notFound(e)) return null;
        throw e;
      }
    },
  };
}
