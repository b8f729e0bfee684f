import fs from 'node:fs';
import { browserPool } from '../src/platform/browser.ts';
const doc = fs.readFileSync('/tmp/certdev/cert-zh.html','utf8');
const variants: Record<string,string> = { serif: doc, sans: doc.replaceAll('"Noto Serif CJK SC","Source Han Serif SC","Songti SC",SimSun,serif', '"Noto Sans CJK SC",sans-serif'), plain: '<html><body><h1>电子数据保全证书</h1></body></html>' };
const pool = browserPool({ executablePath: '/usr/bin/chromium' });
for (let round=0; round<3; round++) for (const [k, d] of Object.entries(variants)) {
  await pool.withPage(async (page) => {
    const t0 = performance.now(); await page.setContent(d, { waitUntil: 'load' });
    const t1 = performance.now(); const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    console.log(round, k, 'setContent', (t1-t0).toFixed(0), 'pdf', (performance.now()-t1).toFixed(0), pdf.length);
  });
}
await pool.close();
