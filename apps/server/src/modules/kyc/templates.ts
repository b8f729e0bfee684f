/**
 * The two Word templates of enterprise verification (issue 14 §2; spec p1 §7 POST /api/user/download and
 * POST /api/home/templateDown → data.url; p2 §7 "Template downloads for the authorisation letter and the
 * legal-person proof"): 授权委托书 (type 1) and 法定代表人身份证明书 (type 2), generated as real Office Open XML
 * documents (.docx: [Content_Types].xml, _rels/.rels, word/document.xml, word/styles.xml) with fixed zip
 * timestamps, so the same template always has the same bytes and blob address.
 */
import { newZip } from '../../platform/zip.ts';

/** Paragraph of a template: text, optional bold/centre/size (half-points), blank lines before. */
interface Para {
  text: string;
  bold?: boolean;
  center?: boolean;
  size?: number;
  right?: boolean;
}

const esc = (s: string) => s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

const para = (p: Para): string => {
  const ppr = `<w:pPr>${p.center ? '<w:jc w:val="center"/>' : p.right ? '<w:jc w:val="right"/>' : ''}<w:spacing w:line="440" w:lineRule="auto"/></w:pPr>`;
  const rpr = `<w:rPr><w:rFonts w:ascii="SimSun" w:eastAsia="SimSun" w:hAnsi="SimSun"/>${p.bold ? '<w:b/>' : ''}<w:sz w:val="${p.size ?? 24}"/></w:rPr>`;
  return `<w:p>${ppr}<w:r>${rpr}<w:t xml:space="preserve">${esc(p.text)}</w:t></w:r></w:p>`;
};

/** The templates' content (wording ours; the spec names the documents only). */
export const TEMPLATES: Readonly<Record<1 | 2, { fileName: string; paragraphs: Para[] }>> = {
  1: {
    fileName: '授权委托书.docx',
    paragraphs: [
      { text: '授权委托书', bold: true, center: true, size: 36 },
      { text: '' },
      { text: '委托单位（全称）：________________________________' },
      { text: '统一社会信用代码：________________________________' },
      { text: '法定代表人：______________  身份证号码：________________________' },
      { text: '' },
      { text: '受托人（被授权人）：______________  性别：____  出生日期：__________' },
      { text: '身份证号码：________________________  手机号码：________________' },
      { text: '' },
      { text: '兹委托上述受托人代表本单位在存证平台办理企业实名认证、电子数据存证、证据下载、在线公证申请及相关账户管理事宜。受托人在授权范围内签署的文件和办理的事项，本单位均予以承认，并承担相应的法律责任。' },
      { text: '委托期限：自 ____年__月__日 至 ____年__月__日。' },
      { text: '受托人无转委托权。' },
      { text: '' },
      { text: '委托单位（盖章）：', right: true },
      { text: '法定代表人（签字）：', right: true },
      { text: '____年__月__日', right: true },
      { text: '' },
      { text: '附：受托人身份证正反面复印件（加盖单位公章）' },
    ],
  },
  2: {
    fileName: '法定代表人身份证明书.docx',
    paragraphs: [
      { text: '法定代表人身份证明书', bold: true, center: true, size: 36 },
      { text: '' },
      { text: '单位名称：________________________________' },
      { text: '统一社会信用代码：________________________________' },
      { text: '单位地址：________________________________' },
      { text: '' },
      { text: '______________（姓名）同志，性别：____，身份证号码：________________________，在本单位任__________职务，系本单位的法定代表人。' },
      { text: '特此证明。' },
      { text: '' },
      { text: '单位（盖章）：', right: true },
      { text: '____年__月__日', right: true },
      { text: '' },
      { text: '附：法定代表人身份证正反面复印件（加盖单位公章）' },
    ],
  },
};

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/></Types>`;
const RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`;
const DOC_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`;
const STYLES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="SimSun" w:eastAsia="SimSun" w:hAnsi="SimSun"/><w:sz w:val="24"/><w:lang w:val="en-US" w:eastAsia="zh-CN"/></w:rPr></w:rPrDefault></w:docDefaults><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style></w:styles>`;

/** Fixed modification time of the zip entries (deterministic bytes). */
const FIXED_DATE = new Date('2026-01-01T00:00:00Z');

/** The .docx bytes of template `type` (1 authorisation letter, 2 legal-person proof). */
export async function templateDocx(type: 1 | 2): Promise<{ bytes: Buffer; fileName: string }> {
  const t = TEMPLATES[type];
  const body = t.paragraphs.map(para).join('');
  const document = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1440" w:right="1800" w:bottom="1440" w:left="1800" w:header="851" w:footer="992" w:gutter="0"/></w:sectPr></w:body></w:document>`;
  const zip = newZip({ zlib: { level: 9 } });
  const chunks: Buffer[] = [];
  zip.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    zip.on('end', () => resolve());
    zip.on('error', reject);
  });
  zip.append(CONTENT_TYPES, { name: '[Content_Types].xml', date: FIXED_DATE });
  zip.append(RELS, { name: '_rels/.rels', date: FIXED_DATE });
  zip.append(document, { name: 'word/document.xml', date: FIXED_DATE });
  zip.append(DOC_RELS, { name: 'word/_rels/document.xml.rels', date: FIXED_DATE });
  zip.append(STYLES, { name: 'word/styles.xml', date: FIXED_DATE });
  await zip.finalize();
  await done;
  return { bytes: Buffer.concat(chunks), fileName: t.fileName };
}

/** Media type of .docx. */
export const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
