/**
 * The five notarization documents (issue 15; spec p2 §7 types 1–4, 5 = 公证书) as printable HTML: every
 * value escaped, seals embedded as data URLs and drawn where the signer signs (the visible stamp; the
 * PAdES signature itself is the signer's certificate). Printed to A4 by the pooled Chromium (CJK fonts
 * from Debian's fonts-noto-cjk), then signed by the caller.
 */
import { NOTARY_DOC_LABEL } from '@cunzheng/contract/notary';
import type { BrowserPool } from '../../platform/browser.ts';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A date as 2026年11月24日 (Asia/Shanghai). */
export function cnDate(d: Date): string {
  const p = new Intl.DateTimeFormat('zh-CN', { timeZone: 'Asia/Shanghai', year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(d);
  const v = (t: string) => p.find((x) => x.type === t)?.value ?? '';
  return `${v('year')}年${v('month')}月${v('day')}日`;
}

/** A time as 2026-11-24 09:30:00 (Asia/Shanghai). */
export function cnTime(unixSeconds: number): string {
  return new Date(unixSeconds * 1000).toLocaleString('sv-SE', { timeZone: 'Asia/Shanghai' });
}

/** Evidence as the documents list it. */
export interface DocEvidence {
  baoquan: string;
  title: string;
  kindName: string;
  sha256: string;
  chainhash: string;
  saveTime: number;
  size: number;
  /** Office verdict (公证书 only). */
  verdict?: string;
}

/** What every document shows. */
export interface DocContext {
  orderNo: string;
  officeName: string;
  applicant: { name: string; idMasked: string; phone: string; account: string };
  application: { purpose: string; useArea: number; country: string; copies: number; remark: string };
  evidence: DocEvidence[];
  /** PNG data URL of the user's seal, or null. */
  userSeal: string | null;
  /** PNG data URL of the office seal. */
  officeSeal: string;
  notaryName: string;
  /** When the document is made. */
  date: Date;
  interview?: { place: string; content: string; at: Date };
  cert?: { no: string; matter: string };
}

const STYLE = `@page{size:A4;margin:18mm 18mm 20mm}
body{font-family:"Noto Serif CJK SC","Noto Sans CJK SC",serif;color:#111;font-size:11pt;line-height:1.8;margin:0}
h1{text-align:center;font-size:20pt;letter-spacing:6px;margin:4mm 0 2mm}
.no{text-align:right;font-size:10.5pt;margin-bottom:4mm}
table{width:100%;border-collapse:collapse;margin:3mm 0;font-size:9.5pt;table-layout:fixed}
td,th{border:1px solid #333;padding:3px 5px;vertical-align:top;word-break:break-all}
th{background:#f2f2f2;font-family:"Noto Sans CJK SC",sans-serif;font-weight:600}
td.k{width:26%;background:#fafafa}
p{margin:2mm 0;text-indent:2em;text-align:justify}
.mono{font-family:"Noto Sans Mono CJK SC",monospace;font-size:8pt;white-space:nowrap}
.ev{border:1px solid #999;padding:2mm 3mm;margin:2mm 0;font-size:9.5pt;line-height:1.6;break-inside:avoid}
.sign{display:flex;justify-content:space-between;margin-top:10mm;gap:8mm}
.sign div{flex:1;position:relative;min-height:40mm;padding-top:4mm}
.seal{position:absolute;width:38mm;height:38mm;left:14mm;top:0;opacity:.88}
.date{margin-top:24mm}
.pre{white-space:pre-wrap;text-indent:0;border:1px solid #333;padding:3mm;min-height:40mm}
.foot{margin-top:8mm;color:#666;font-size:8.5pt;border-top:1px solid #ccc;padding-top:2mm}`;

const area = (a: DocContext['application']) => (a.useArea === 2 ? `境外使用${a.country ? `（${a.country}）` : ''}` : '境内使用');

function evidenceTable(ev: DocEvidence[], withHashes: boolean): string {
  if (withHashes) {
    // One block per evidence, each value on its own full-width line (hashes never wrap into other cells).
    return ev
      .map((e, i) => `<div class="ev"><b>${i + 1}. ${esc(e.title)}（${esc(e.kindName)}）</b>
<div>保全号：${esc(e.baoquan)}　保全时间：${esc(cnTime(e.saveTime))}　大小：${e.size} 字节</div>
<div>文件 SHA-256：<span class="mono">${esc(e.sha256)}</span></div>
<div>账本存证哈希（chainhash）：<span class="mono">${esc(e.chainhash)}</span></div>
<div>核验结果：${esc(e.verdict ?? '')}</div></div>`)
      .join('');
  }
  const head = '<tr><th style="width:6%">序号</th><th style="width:30%">保全号</th><th>名称</th><th style="width:14%">类型</th><th style="width:22%">保全时间</th></tr>';
  const rows = ev.map((e, i) => `<tr><td>${i + 1}</td><td>${esc(e.baoquan)}</td><td>${esc(e.title)}</td><td>${esc(e.kindName)}</td><td>${esc(cnTime(e.saveTime))}</td></tr>`).join('');
  return `<table>${head}${rows}</table>`;
}

const seal = (src: string | null) => (src ? `<img class="seal" src="${src}" alt="">` : '');

function signBlock(c: DocContext, who: 'user' | 'office' | 'both'): string {
  const user = `<div>申请人（签章）：${esc(c.applicant.name)}${seal(c.userSeal)}<div class="date">${esc(cnDate(c.date))}</div></div>`;
  const office = `<div>${esc(c.officeName)}（公章）<br>公证员：${esc(c.notaryName)}${seal(c.officeSeal)}<div class="date">${esc(cnDate(c.date))}</div></div>`;
  return `<div class="sign">${who !== 'office' ? user : ''}${who !== 'user' ? office : ''}</div>`;
}

function applicantTable(c: DocContext): string {
  const a = c.application;
  return `<table>
<tr><td class="k">申请人</td><td>${esc(c.applicant.name)}</td><td class="k">身份证件号码</td><td>${esc(c.applicant.idMasked)}</td></tr>
<tr><td class="k">联系电话</td><td>${esc(c.applicant.phone)}</td><td class="k">平台账号</td><td>${esc(c.applicant.account)}</td></tr>
<tr><td class="k">公证事项</td><td>保全证据公证（电子数据）</td><td class="k">公证书用途</td><td>${esc(a.purpose)}</td></tr>
<tr><td class="k">使用地</td><td>${esc(area(a))}</td><td class="k">公证书份数</td><td>${a.copies} 份</td></tr>
${a.remark ? `<tr><td class="k">备注</td><td colspan="3">${esc(a.remark)}</td></tr>` : ''}
</table>`;
}

/** The HTML of document `type` (1–5). */
export function documentHtml(type: number, c: DocContext): string {
  const title = NOTARY_DOC_LABEL[type] ?? '';
  let body: string;
  switch (type) {
    case 1:
      body = `<div class="no">订单号：${esc(c.orderNo)}</div>${applicantTable(c)}
<p>申请人因上述用途，向${esc(c.officeName)}申请对下列经本平台保全的电子数据办理保全证据公证。申请人保证所提交的材料真实、合法，所申请公证的电子数据系申请人合法取得并享有相应权利。</p>
${evidenceTable(c.evidence, false)}${signBlock(c, 'user')}`;
      break;
    case 3:
      body = `<div class="no">订单号：${esc(c.orderNo)}</div>
<p>一、申请人应当如实陈述申请公证的事项，提供真实、合法、充分的证明材料；提供虚假材料的，应承担相应法律责任。</p>
<p>二、公证机构依照《中华人民共和国公证法》《公证程序规则》办理公证。申请人授权本平台将所选电子数据解密并提供给公证机构，公证机构将对电子数据的完整性（哈希值）、账本存证记录（包含证明）与可信时间戳进行核验。</p>
<p>三、公证机构受理后，将对申请人进行询问并制作询问笔录；经审查符合条件的，出具公证书；不符合条件的，公证机构将终止公证或不予办理，并说明理由。</p>
<p>四、公证费按所申请公证的证据条数计收，已受理的公证事项因申请人原因终止的，已收费用按规定处理。</p>
<p>五、申请人已阅读并理解上述内容，同意在线签署本告知书及公证申请表。</p>
${applicantTable(c)}${signBlock(c, 'user')}`;
      break;
    case 2:
      body = `<div class="no">订单号：${esc(c.orderNo)}</div>
<p>${esc(c.applicant.name)}：</p>
<p>你于${esc(cnDate(c.date))}向本处申请办理保全证据公证（电子数据，共 ${c.evidence.length} 项，用途：${esc(c.application.purpose)}）。经审查，该申请符合《公证程序规则》规定的受理条件，本处决定予以受理。</p>
<p>本处将对所涉电子数据进行核验并对申请人进行询问，请保持联系电话（${esc(c.applicant.phone)}）畅通。</p>
${evidenceTable(c.evidence, false)}${signBlock(c, 'office')}`;
      break;
    case 4: {
      const iv = c.interview!;
      body = `<div class="no">订单号：${esc(c.orderNo)}</div><table>
<tr><td class="k">询问时间</td><td>${esc(cnTime(Math.floor(iv.at.getTime() / 1000)))}</td><td class="k">询问地点</td><td>${esc(iv.place)}</td></tr>
<tr><td class="k">公证员</td><td>${esc(c.notaryName)}</td><td class="k">被询问人</td><td>${esc(c.applicant.name)}（${esc(c.applicant.idMasked)}）</td></tr></table>
<div class="pre">${esc(iv.content)}</div>
<p>以上笔录经被询问人核对无误。</p>${signBlock(c, 'both')}`;
      break;
    }
    default: {
      const cert = c.cert!;
      body = `<div class="no">${esc(cert.no)}</div><table>
<tr><td class="k">申请人</td><td>${esc(c.applicant.name)}（${esc(c.applicant.idMasked)}）</td></tr>
<tr><td class="k">公证事项</td><td>${esc(cert.matter)}</td></tr></table>
<p>兹证明申请人${esc(c.applicant.name)}于下列时间通过存证电子数据保全平台对下列电子数据进行了保全。本处公证员依申请人的授权取得上述电子数据，经核验：电子数据文件的 SHA-256 哈希值与保全时记录一致；其账本存证记录（chainhash）包含于平台公开账本经签名的检查点中（包含证明核验通过）；可信时间戳有效。</p>
${evidenceTable(c.evidence, true)}
<p>上述电子数据与本公证书相粘连，本公证书正本 ${c.application.copies} 份，用途：${esc(c.application.purpose)}，${esc(area(c.application))}。</p>
${signBlock(c, 'office')}`;
    }
  }
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${esc(title)}</title><style>${STYLE}</style></head><body>
<h1>${esc(title)}</h1>${body}
<div class="foot">${esc(c.officeName)} · 在线公证 · 订单号 ${esc(c.orderNo)} · 本文件以电子签名（PAdES）签署，可用 pdfsig 或 Adobe Reader 验证</div>
</body></html>`;
}

/** Prints `html` to an A4 PDF (no JavaScript, offline). */
export function printPdf(browser: Pick<BrowserPool, 'withPage'>, html: string): Promise<Buffer> {
  return browser.withPage(
    async (page) => {
      page.setDefaultTimeout(30_000);
      await page.setContent(html, { waitUntil: 'load' });
      return page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    },
    { context: { javaScriptEnabled: false, locale: 'zh-CN' }, offline: true },
  );
}
