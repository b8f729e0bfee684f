/**
 * Media type from the file's bytes (DESIGN.md Trust design §1: "media type sniffed from content"),
 * mapped to the p1 §9 type codes: 1 documents, 2 images, 3 audio, 4 video, 5 other.
 * The file name is consulted only to name a container the bytes identify (zip → docx, text → csv).
 */
import { fileTypeFromBuffer } from 'file-type';

export interface Sniffed {
  mime: string;
  /** p1 §9 code 1–5. */
  fileType: number;
}

const OFFICE_BY_EXT: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

const TEXT_BY_EXT: Record<string, string> = { csv: 'text/csv', md: 'text/markdown', json: 'application/json', xml: 'application/xml', html: 'text/html', htm: 'text/html' };

const DOC_MIMES = /^(application\/(pdf|msword|rtf|epub\+zip|x-cfb|vnd\.ms-|vnd\.openxmlformats-officedocument|vnd\.oasis\.opendocument|json|xml)|text\/)/;

/** Maps a MIME type to the p1 §9 type code. */
export function typeCodeOf(mime: string): number {
  if (mime.startsWith('image/')) return 2;
  if (mime.startsWith('audio/')) return 3;
  if (mime.startsWith('video/')) return 4;
  if (DOC_MIMES.test(mime)) return 1;
  return 5;
}

/** True when `head` looks like UTF-8 (or GB18030) text: no NUL bytes and decodable. */
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
    return true;
  } catch {
    try {
      new TextDecoder('gb18030', { fatal: true }).decode(head);
      return true;
    } catch {
      return false;
    }
  }
}

/** Sniffs the first bytes (≥ 4100 when the file is that long) of a file named `fileName`. */
export async function sniff(head: Buffer, fileName: string): Promise<Sniffed> {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  const ft = await fileTypeFromBuffer(head);
  let mime = ft?.mime ?? (looksLikeText(head) ? (TEXT_BY_EXT[ext] ?? 'text/plain') : 'application/octet-stream');
  if (mime === 'application/zip' && OFFICE_BY_EXT[ext]) mime = OFFICE_BY_EXT[ext];
  return { mime, fileType: typeCodeOf(mime) };
}
