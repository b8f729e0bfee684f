import fs from 'node:fs';
import QRCode from 'qrcode';
const qr = await QRCode.toString('https://cz.example.com/attestation/CZ7K3M9Q2R5T8W1X', { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
import { chromium } from 'playwright-core';
import { renderCertificate, pdfDocument } from '/work/main/apps/server/src/modules/certificate/html.ts';
const h = (n: number) => Buffer.alloc(32, n).toString('base64');
const anchor = { configured: true, chainName: 'Ethereum Sepolia 测试网', anchor: {
  chainId: 11155111, chainName: 'Ethereum Sepolia 测试网', blockNumber: 7654321, blockTime: 1763700000, txHash: '0x' + 'ab'.repeat(32),
  txUrl: 'https://sepolia.etherscan.io/tx/0x' + 'ab'.repeat(32), from: '0x' + '12'.repeat(20), calldata: '0x435a4131', size: 1048576, root: h(1), noteSha256: 'cd'.repeat(32),
  anchoredCheckpoint: 'x', entryCheckpoint: { size: 1000003, root: h(2), note: 'y' }, consistency: Array.from({ length: 24 }, (_, i) => h(i + 3)) } };
const m = { baoquan: 'CZ7K3M9Q2R5T8W1X', title: '劳动合同扫描件', fileName: '劳动合同.pdf', size: 1234567, fileType: 1, mime: 'application/pdf', sha256: 'ef'.repeat(32),
  owner: '张*丰', saveTime: 1763700000, chainhash: '9a'.repeat(32), ledgerIndex: 1000002, treeSize: 1048580, deletedAt: null, publicUrl: 'https://cz.example.com',
  verifierKey: 'cunzheng.local/ledger+abcdef01+AaaaBBBBccccDDDDeeeeFFFFggggHHHHiiiiJJJJkkkk', qrSvg: qr, timestamp: { tsaName: '存证平台时间戳服务', serial: '1234567890', genTime: 1763700000 }, anchor: process.env.NOANCHOR ? undefined : anchor } as any;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const lang of ['zh', 'en'] as const) {
  const p = await b.newPage();
  await p.setContent(pdfDocument(renderCertificate(m, lang), lang, 't'));
  fs.writeFileSync(`/tmp/shots/anchor/cert-${lang}.pdf`, await p.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true }));
  await p.setViewportSize({ width: 1366, height: 900 });
  await p.screenshot({ path: `/tmp/shots/anchor/cert-${lang}-1366.png`, fullPage: true });
}
await b.close();
