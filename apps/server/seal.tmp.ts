import fs from 'node:fs';
import { companySealSvg, personalSealSvg, renderPng } from './src/modules/signatures/seal.ts';
const cases: Array<[string, string]> = [
  ['company-10', companySealSvg('北京存证科技有限公司', '合同专用章')],
  ['company-4', companySealSvg('存证科技')],
  ['company-14', companySealSvg('深圳市腾讯计算机系统有限公司', '财务专用章')],
  ['company-24', companySealSvg('中国石油天然气股份有限公司北京销售分公司朝阳区')],
  ['personal-2', personalSealSvg('张三')],
  ['personal-3', personalSealSvg('张三丰')],
  ['personal-4', personalSealSvg('欧阳明月')],
];
for (const [n, svg] of cases) { const r = renderPng(svg); fs.writeFileSync(`/tmp/shots/account/seal-${n}.png`, r.png); }
