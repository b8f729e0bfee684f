/**
 * Issue 8 §3: a deposit of a document file (.txt, .md, .csv, .doc(x), .xls(x), .ppt(x), .wps, .ofd) is
 * a document (type 1 of spec p1 §9 fileType), not 其他 — also when the text is in UTF-16 or Latin-1 or
 * the document is a ZIP/OLE container; bytes that identify an image still win over the name.
 */
import { ZipArchive } from 'archiver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVIDENCE_FILE_TYPE } from '@cunzheng/contract/constants';
import { registerUser } from './client.ts';
import { makeHarness, type Harness } from './harness.ts';

/** A real ZIP archive of the given entries. */
async function zip(entries: Record<string, string>): Promise<Buffer> {
  const a = new ZipArchive({ zlib: { level: 1 } });
  const parts: Buffer[] = [];
  a.on('data', (c: Buffer) => parts.push(c));
  const ended = new Promise((resolve) => a.on('end', resolve));
  for (const [name, text] of Object.entries(entries)) a.append(text, { name });
  await a.finalize();
  await ended;
  return Buffer.concat(parts);
}

/** An OLE compound file header (legacy .doc/.xls/.ppt and WPS Office files are such containers). */
const CFB = Buffer.concat([Buffer.from('d0cf11e0a1b11ae13e000300feff0900', 'hex'), Buffer.alloc(496, 0)]);
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('document file types', () => {
  let h: Harness;
  beforeAll(async () => { h = await makeHarness(); });
  afterAll(async () => { await h?.close(); });

  it('deposits every document kind as type 1 (文档)', async () => {
    const u = await registerUser(h);
    const files: [string, Buffer, string][] = [
      ['说明.txt', Buffer.from('这是一段中文说明。\n'), 'text/plain'],
      ['记事本.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('记事本保存的 Unicode 文本', 'utf16le')]), 'text/plain'],
      ['latin.txt', Buffer.from('caf\xe9 cr\xe8me br\xfbl\xe9e', 'latin1'), 'text/plain'],
      ['readme.md', Buffer.from('# 标题\n\n正文'), 'text/markdown'],
      ['表.csv', Buffer.from('姓名,金额\n张三,100\n'), 'text/csv'],
      ['合同.doc', CFB, 'application/msword'],
      ['报表.xls', CFB, 'application/vnd.ms-excel'],
      ['演示.ppt', CFB, 'application/vnd.ms-powerpoint'],
      ['公文.wps', CFB, 'application/vnd.ms-works'],
      ['合同.docx', await zip({ '[Content_Types].xml': '<Types/>', 'word/document.xml': '<w:document/>' }), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['报表.xlsx', await zip({ '[Content_Types].xml': '<Types/>', 'xl/workbook.xml': '<workbook/>' }), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['演示.pptx', await zip({ '[Content_Types].xml': '<Types/>', 'ppt/presentation.xml': '<p/>' }), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
      ['发票.ofd', await zip({ 'OFD.xml': '<ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016"/>', 'Doc_0/Document.xml': '<ofd:Document/>' }), 'application/ofd'],
    ];
    for (const [name, bytes, mime] of files) {
      const r = await u.api.upload(name, bytes);
      expect(r.code, name).toBe(200);
      expect({ name, fileType: r.data.fileType, mime: r.data.mime }).toEqual({ name, fileType: EVIDENCE_FILE_TYPE.document, mime });
    }
  });

  it('still lets the bytes win: an image named .txt is an image, a plain ZIP is 其他', async () => {
    const u = await registerUser(h);
    expect((await u.api.upload('photo.txt', PNG)).data.fileType).toBe(EVIDENCE_FILE_TYPE.image);
    expect((await u.api.upload('archive.zip', await zip({ 'a.txt': 'hi' }))).data.fileType).toBe(EVIDENCE_FILE_TYPE.other);
    expect((await u.api.upload('data.bin', Buffer.from([1, 0, 2, 0, 3]))).data.fileType).toBe(EVIDENCE_FILE_TYPE.other);
  });
});
