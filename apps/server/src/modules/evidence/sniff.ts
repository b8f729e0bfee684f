/**
 * Media type from the file's bytes (DESIGN.md Trust design §1: "media type sniffed from content"),
 * mapped to the p1 §9 type codes: 1 documents, 2 images, 3 audio, 4 video, 5 other.
 * The file name is consulted only when the bytes identify no specific media type: to name a container
 * the bytes identify (zip → docx/ofd, OLE compound file → doc/xls/ppt/wps, text → csv/md), or to take a
 * document name (.txt, .md, .csv) at its word for text in an encoding other than UTF-8/GB18030
 * (UTF-16, Latin-1…). Bytes that identify an image, audio or video always win over the name (issue 8 §3).
 */

export interface Sniffed {
  mime: string;
  /** p1 §9 code 1–5. */
  fileType: number;
}

/** Document names whose bytes are a ZIP container. */
const ZIP_DOC_BY_EXT: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  ofd: 'application/ofd', // GB/T 33190 electronic document (a ZIP of XML parts)
};

/** Document names whose bytes are an OLE compound file (legacy Office, WPS Office). */
const CFB_DOC_BY_EXT: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  wps: 'application/vnd.ms-works',
  et: 'application/vnd.ms-excel',
  dps: 'application/vnd.ms-powerpoint',
};

/** Text names: the specific text type, and whether the name alone makes undecodable text a document. */
const TEXT_BY_EXT: Record<string, string> = { txt: 'text/plain', csv: 'text/csv', md: 'text/markdown', markdown: 'text/markdown', json: 'application/json', xml: 'application/xml', html: 'text/html', htm: 'text/html' };
const TEXT_DOC_EXTS = new Set(['txt', 'csv', 'md', 'markdown']);

/** Types file-type reports for a container or for bytes it cannot tell apart: the name may refine them. */
const GENERIC = new Set(['application/zip', 'application/x-cfb', 'application/octet-stream']);

const DOC_MIMES = /^(application\/(pdf|msword|rtf|epub\+zip|x-cfb|ofd|vnd\.ms-|vnd\.openxmlformats-officedocument|vnd\.oasis\.opendocument|json|xml)|text\/)/;

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

/** True when `head` starts with a UTF-16 byte-order mark and decodes as UTF-16 (Windows "Unicode" text). */
function looksLikeUtf16(head: Buffer): boolean {
  const le = head[0] === 0xff && head[1] === 0xfe;
  const be = head[0] === 0xfe && head[1] === 0xff;
  if (!le && !be) return false;
  try {
    const body = head.subarray(2, 2 + Math.max(0, (head.length - 2 - 4) & ~1));
    new TextDecoder(le ? 'utf-16le' : 'utf-16be', { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}

/**
 * Sniffs the first bytes (≥ 4100 when the file is that long) of a file named `fileName`.
 * Returns the media type and its p1 §9 code (1 documents … 5 other).
 */
export async function sniff(head: Buffer, fileName: string): Promise<Sniffed> {
  const ext = fileName.toLowerCase().split('.').pop() ?? '';
  // A UTF-16 byte-order mark (FF FE) also passes for an MPEG audio frame header: text first.
  if (looksLikeUtf16(head)) return found(TEXT_BY_EXT[ext] ?? 'text/plain');
  const { fileTypeFromBuffer } = await import('file-type'); // ≈ 9 MiB RSS: loaded on the first deposit, not at start (issue 16)
  const ft = await fileTypeFromBuffer(head);
  let mime = ft?.mime ?? (looksLikeText(head) ? (TEXT_BY_EXT[ext] ?? 'text/plain') : 'application/octet-stream');
  if (GENERIC.has(mime)) {
    if (mime === 'application/zip' && ZIP_DOC_BY_EXT[ext]) mime = ZIP_DOC_BY_EXT[ext];
    else if (mime === 'application/x-cfb' && CFB_DOC_BY_EXT[ext]) mime = CFB_DOC_BY_EXT[ext];
    else if (mime === 'application/octet-stream' && TEXT_DOC_EXTS.has(ext) && !head.includes(0)) mime = TEXT_BY_EXT[ext]!;
  }
  return found(mime);
}

function found(mime: string): Sniffed {
  return { mime, fileType: typeCodeOf(mime) };
}
