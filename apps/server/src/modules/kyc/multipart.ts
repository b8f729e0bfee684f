/**
 * Reads a KYC form submission: multipart (text fields + image files, spec p2 §5) or, when no image is sent,
 * a form-urlencoded / JSON body. Each file is read into memory up to `maxBytes` (20 MB at most); a larger
 * file is drained and reported with `bytes: null` so the service answers the spec's size message.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { MSG } from '@cunzheng/contract/messages';
import { badRequest } from '../../platform/errors.ts';
import type { UploadedImage } from './service.ts';

/** Upper bounds of one submission: files, text fields and a text field's bytes. */
const LIMITS = { files: 10, fields: 40, fieldSize: 2000 };

async function readLimited(f: MultipartFile, max: number): Promise<Buffer | null> {
  const parts: Buffer[] = [];
  let size = 0;
  let over = false;
  for await (const chunk of f.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) over = true;
    else if (!over) parts.push(chunk);
  }
  return over || f.file.truncated ? null : Buffer.concat(parts);
}

/** Text fields and files of a submission; `fileFields` lists the accepted file field names (others are drained). */
export async function readSubmission(req: FastifyRequest, fileFields: readonly string[], maxBytes: number): Promise<{ fields: Record<string, string>; files: UploadedImage[] }> {
  if (!req.isMultipart()) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(body)) if (typeof v === 'string' || typeof v === 'number') fields[k] = String(v);
    return { fields, files: [] };
  }
  const fields: Record<string, string> = {};
  const files: UploadedImage[] = [];
  const opts = { limits: { fileSize: maxBytes + 1, files: LIMITS.files, fields: LIMITS.fields, fieldSize: LIMITS.fieldSize }, throwFileSizeLimit: false } as { limits: { fileSize: number } };
  try {
    for await (const part of req.parts(opts)) {
      if (part.type === 'file') {
        const f = part as MultipartFile;
        if (!fileFields.includes(f.fieldname) || files.some((x) => x.field === f.fieldname)) {
          f.file.resume();
          continue;
        }
        files.push({ field: f.fieldname, filename: (f.filename ?? '').slice(0, 255), bytes: await readLimited(f, maxBytes) });
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch {
    throw badRequest(MSG.BAD_PARAM);
  }
  return { fields, files };
}
