/**
 * Client-side check of an extraction code before POST /api/share/downBaoquan (spec p2 §5: the
 * extraction code is a 6-digit number; the field accepts at most 30 characters, p2 §2 "Dialogs").
 */

import { EXTRACT_CODE_LENGTH, EXTRACT_CODE_MAX } from '@cunzheng/contract/constants';

/** Maximum characters the extraction-code field accepts (spec p2 §9). */
export { EXTRACT_CODE_MAX };

const CODE_RE = new RegExp(`^\\d{${EXTRACT_CODE_LENGTH}}$`);

/**
 * Returns null when `code` (already trimmed) is a 6-digit number, else the message to show:
 * `required` for an empty field, `format` otherwise.
 */
export function checkExtractCode(code: string, msgs: { required: string; format: string }): string | null {
  if (code === '') return msgs.required;
  return CODE_RE.test(code) ? null : msgs.format;
}
