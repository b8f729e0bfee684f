/**
 * Client-side checks of a stamp upload before sending (the server checks the bytes again, spec p1 §7
 * /api/signature/add): PNG signature bytes, size, and a data URL for the preview.
 */
import { MSG } from '@cunzheng/contract/messages';

/** Largest stamp image (SIGNATURE_LIMITS.maxBytes of @cunzheng/contract/account; not imported there to keep zod out of this chunk). */
export const SIGNATURE_MAX_BYTES = 2 * 1024 * 1024;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** True when the first bytes are the PNG signature. */
export async function isPng(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  return PNG_MAGIC.every((b, i) => head[i] === b);
}

/** The message of what is wrong with `file`, or null when it can be sent. */
export async function checkStampFile(file: Blob): Promise<string | null> {
  if (!(await isPng(file))) return MSG.SIGNATURE_PNG_ONLY;
  if (file.size > SIGNATURE_MAX_BYTES) return MSG.SIGNATURE_TOO_LARGE;
  return null;
}

/** A `data:` URL of the file for an <img> preview. */
export function toDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(String(r.result));
    r.onerror = () => reject(r.error ?? new Error('read failed'));
    r.readAsDataURL(file);
  });
}
