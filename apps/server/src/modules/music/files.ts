/**
 * Checks of the optional files of a music work (issue 12 §2) from their first bytes and names: lyrics are
 * TXT/LRC (UTF-8 text), PDF or DOCX; scores are PDF, PNG, JPG, MusicXML (.musicxml/.xml text or .mxl zip)
 * or MIDI. Answers the media type stored with the artefact, or null when the file is not one of these.
 * file-type (≈ 12 MiB of RSS) is imported on the first check, not at server start (issue 16).
 */

/** file-type's detector, imported on first use. */
const fileTypeFromBuffer = async (head: Buffer) => (await import('file-type')).fileTypeFromBuffer(head);

const ext = (name: string) => name.toLowerCase().split('.').pop() ?? '';

/** UTF-8 text without NUL bytes (the head may end inside a multi-byte character). */
function isText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
    return true;
  } catch {
    return false;
  }
}

/** Media type of a lyrics file, or null (→ 歌词文件只能是 TXT、LRC、PDF 或 DOCX 格式). */
export async function lyricsMime(head: Buffer, name: string): Promise<string | null> {
  const e = ext(name);
  const ft = await fileTypeFromBuffer(head);
  if (ft?.mime === 'application/pdf') return 'application/pdf';
  if (ft && (ft.ext === 'docx' || (ft.ext === 'zip' && e === 'docx'))) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
  if (!ft && (e === 'txt' || e === 'lrc') && isText(head)) return 'text/plain; charset=utf-8';
  return null;
}

/** Media type of a score file, or null (→ 曲谱文件只能是 PDF、PNG、JPG、MusicXML 或 MIDI 格式). */
export async function scoreMime(head: Buffer, name: string): Promise<string | null> {
  const e = ext(name);
  const ft = await fileTypeFromBuffer(head);
  if (ft?.mime === 'application/pdf' || ft?.mime === 'image/png' || ft?.mime === 'image/jpeg') return ft.mime;
  if (ft?.mime === 'audio/midi' || head.subarray(0, 4).toString('latin1') === 'MThd') return 'audio/midi';
  if (e === 'mxl' && head.subarray(0, 2).toString('latin1') === 'PK') return 'application/vnd.recordare.musicxml';
  if ((e === 'musicxml' || e === 'xml') && isText(head) && /^\s*(<\?xml|<!DOCTYPE|<score-)/.test(head.toString('utf8').replace(/^\uFEFF/, ''))) return 'application/vnd.recordare.musicxml+xml';
  return null;
}
