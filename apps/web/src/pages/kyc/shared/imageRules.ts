/**
 * Client-side checks of KYC images (spec p2 §5): jpg, png or jpeg only (上传图片只能是png,jpg或JPEG格式!) and
 * at most 10 MB (enterprise) or 20 MB (personal, amendment, supplementary upload) — 上传图片不能超多10M / 20M.
 * The server checks the same (and sniffs the bytes).
 */
import { KYC_IMAGE_MAX_COMPANY_BYTES, KYC_IMAGE_MAX_PERSONAL_BYTES } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';

export const LIMIT = { company: KYC_IMAGE_MAX_COMPANY_BYTES, personal: KYC_IMAGE_MAX_PERSONAL_BYTES } as const;

/** The message for `file`, or null when it is acceptable under `maxBytes`. */
export function imageProblem(file: { name: string; type?: string; size: number }, maxBytes: number): string | null {
  const extOk = /\.(png|jpe?g)$/i.test(file.name);
  const typeOk = !file.type || /^image\/(png|jpe?g)$/i.test(file.type);
  if (!extOk || !typeOk) return MSG.IMAGE_FORMAT;
  if (file.size > maxBytes) return maxBytes <= KYC_IMAGE_MAX_COMPANY_BYTES ? MSG.IMAGE_TOO_LARGE_10M : MSG.IMAGE_TOO_LARGE_20M;
  return null;
}
