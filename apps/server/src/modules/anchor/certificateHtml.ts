/**
 * The external-anchoring part of the certificate (issue 3 §3), rendered into the certificate fragment
 * by certificate/html.ts from ESCAPED data only: a one-line notice under the certificate table and,
 * when anchored, a verification step with the consistency proof. Chinese and English.
 *   not configured → 外部锚定：未配置 / External anchoring: not configured
 *   configured, not yet covered → 外部锚定：等待锚定 … / External anchoring: pending …
 *   anchored → chain, block, transaction hash linking to the explorer, anchored checkpoint, time.
 */
import type { TAnchorView } from '@cunzheng/contract/anchor';
import { cstDateTime, esc, thousands } from '../../platform/format.ts';

type Lang = 'zh' | 'en';

/** Styles of the anchoring notice (scoped under .cz-cert like the rest of the certificate). */
export const ANCHOR_CSS = `.cz-cert .cz-anchor{margin:6px 0 0;padding:2px 10px;border:1px solid #c9a96a;border-left:4px solid #a07c3a;background:rgba(243,232,204,.55);font-size:12px;line-height:1.5;word-break:break-all;overflow-wrap:anywhere}
.cz-cert .cz-anchor a{color:#1d4f91;text-decoration:underline}
.cz-cert .cz-anchor .cz-tx{font-size:9.5px}
.cz-cert .cz-proof code{font-size:8px;line-height:1.3;background:none;padding:0;color:#555}
.cz-cert .cz-proof-print{display:none}
@media print{.cz-cert .cz-proof{display:none}.cz-cert .cz-proof-print{display:inline}}`;

/**
 * With the anchor notice and its verification step the A4 print of the certificate would overflow (the
 * page is fixed-height): this print-only rule, shipped with the notice, tightens the verification list.
 */
const PRINT_FIT = '<style>@media print{.cz-cert .cz-verify{font-size:9.5px;line-height:1.32}.cz-cert .cz-anchor{margin-top:4px}.cz-cert .cz-verify code{font-size:8.5px}}</style>';

/** The transaction hash, as a link to the explorer when one is configured. */
function txHtml(hash: string, url: string): string {
  return url ? `<a class="cz-mono cz-tx" href="${esc(url)}" target="_blank" rel="noopener noreferrer">${esc(hash)}</a>` : `<span class="cz-mono cz-tx">${esc(hash)}</span>`;
}

/** The notice line under the certificate table; '' when `a` is undefined (anchoring not wired). */
export function anchorNotice(a: TAnchorView | undefined, lang: Lang): string {
  if (!a) return '';
  const zh = lang === 'zh';
  if (!a.anchor) {
    if (!a.configured) return `<div class="cz-anchor">${zh ? '外部锚定：未配置' : 'External anchoring: not configured'}</div>`;
    return `<div class="cz-anchor">${zh ? `外部锚定：等待锚定（本条目将由下一次写入 ${esc(a.chainName)} 的检查点覆盖）` : `External anchoring: pending (the next checkpoint written to ${esc(a.chainName)} will cover this entry)`}</div>`;
  }
  const x = a.anchor;
  const time = x.blockTime ? cstDateTime(x.blockTime) : '';
  return PRINT_FIT + (zh
    ? `<div class="cz-anchor" title="${esc(time)}">外部锚定：${esc(x.chainName)} 区块 ${esc(thousands(x.blockNumber))}，交易 ${txHtml(x.txHash, x.txUrl)}</div>`
    : `<div class="cz-anchor" title="${esc(time)}">External anchoring: ${esc(x.chainName)} block ${esc(thousands(x.blockNumber))}, tx ${txHtml(x.txHash, x.txUrl)}</div>`);
}

/** The verification step of the anchor (with the consistency proof), or null when not anchored. */
export function anchorVerifyStep(a: TAnchorView | undefined, lang: Lang, publicUrl: string, ledgerIndex: number): string | null {
  const x = a?.anchor;
  if (!x) return null;
  const e = x.entryCheckpoint;
  const api = `<code>${esc(publicUrl)}/api/ledger/anchor?index=${esc(ledgerIndex)}</code>`;
  // The hashes are shown on screen; the A4 print (PDF) has no room for them and names where they are.
  const printNote = lang === 'zh' ? `共 ${x.consistency.length} 个哈希，见上述数据地址` : `${x.consistency.length} hashes, at the address above`;
  const proof = `<span class="cz-proof"><code>${x.consistency.map((h) => esc(h)).join(' ')}</code></span><span class="cz-proof-print">${esc(printNote)}</span>`;
  if (lang === 'zh') {
    return (
      `核验锚定：交易输入数据（<code>cast tx &lt;交易哈希&gt; input</code>）＝“CZA1”‖树大小‖根哈希‖检查点 SHA-256‖origin，应与 ${api} 所载锚定检查点一致（链 ID ${esc(x.chainId)}）。` +
      (x.consistency.length ? `一致性证明（${esc(thousands(e.size))} → ${esc(thousands(x.size))} 条，RFC 6962）：${proof}` : `本条目检查点即锚定检查点，无需一致性证明。`)
    );
  }
  return (
    `Anchor: the tx input (<code>cast tx &lt;hash&gt; input</code>) = "CZA1" ‖ size ‖ root ‖ checkpoint SHA-256 ‖ origin must match the checkpoint at ${api}. ` +
    (x.consistency.length ? `Consistency proof ${esc(thousands(e.size))} → ${esc(thousands(x.size))}: ${proof}` : `This entry's checkpoint is the anchored one; no consistency proof is needed.`)
  );
}
