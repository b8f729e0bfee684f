/**
 * Bilingual text of the verifier (the issue asks for Chinese and English in every verdict) and the
 * error type raised for unusable input, carrying both languages.
 */

/** A message in Chinese and English. */
export interface Text {
  zh: string;
  en: string;
}

/** Builds a bilingual message. */
export const t = (zh: string, en: string): Text => ({ zh, en });

/** Input the verifier cannot use (malformed zip, DER, PEM, proof …); `code` is stable for tests. */
export class VerifyError extends Error {
  override name = 'VerifyError';
  readonly code: string;
  readonly text: Text;
  constructor(code: string, text: Text) {
    super(`${text.en} / ${text.zh}`);
    this.code = code;
    this.text = text;
  }
}

/** Throws VerifyError(code, zh, en). */
export function fail(code: string, zh: string, en: string): never {
  throw new VerifyError(code, t(zh, en));
}

/** The bilingual text of any thrown value (VerifyError text, else a generic message with its detail). */
export function textOf(e: unknown): Text {
  if (e instanceof VerifyError) return e.text;
  const detail = e instanceof Error ? e.message : String(e);
  return t(`无法解析：${detail}`, `cannot be parsed: ${detail}`);
}
