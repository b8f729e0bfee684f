/**
 * A small form state for the login, register and reset pages (issue 16: these pages do without antd
 * Form, whose code and render cost held their first paint back). Each field has one validator made
 * of the shared validators of `@cunzheng/contract/validators` (spec p2 §5), so the messages are the
 * server's. Like antd's Form, a field is checked on every change once it was typed into, and all of
 * them on submit; `deps` re-checks a field when another changes (the password confirmation).
 */
import { useCallback, useRef, useState } from 'react';
import type { Validation } from '@cunzheng/contract/validators';

/** Checks one value; may read the other values (e.g. the confirmation reads the password). */
export type Check = (value: string, all: Record<string, string>) => Validation;

export interface LightFormSpec {
  /** Validator per field; fields without one are not checked (e.g. the image captcha, beforeSms). */
  checks: Record<string, Check>;
  /** `deps[a] = ['b']`: a change of `b` re-checks `a` once `a` holds a value. */
  deps?: Record<string, string[]>;
}

export interface LightForm {
  values: Record<string, string>;
  errors: Record<string, string>;
  /** The value of `name` ('' when never set). */
  get(name: string): string;
  /** Sets a value as typed by the user (checks it, and the fields that depend on it). */
  change(name: string, value: string): void;
  /** Sets a value without checking it (e.g. clearing the captcha answer after a send). */
  set(name: string, value: string): void;
  /** Shows `msg` under `name` (a server or flow message such as 请获取短信验证码). */
  setError(name: string, msg: string): void;
  /** Checks `names` (default: every field with a validator); the values, or null when one is wrong. */
  validate(names?: string[]): Record<string, string> | null;
}

/** The first message of a validation, or '' when it passed. */
const messageOf = (v: Validation): string => (v === true ? '' : v);

/** The message of field `name` under `spec` for the values `all` ('' when right or unchecked). */
function checkField(spec: LightFormSpec, name: string, all: Record<string, string>): string {
  const check = spec.checks[name];
  return check ? messageOf(check(all[name] ?? '', all)) : '';
}

export function useLightForm(spec: LightFormSpec): LightForm {
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The latest values, for validators called right after a change (before React re-renders).
  const current = useRef<Record<string, string>>({});
  const specRef = useRef(spec);
  specRef.current = spec;

  const checkOne = (name: string, all: Record<string, string>) => checkField(specRef.current, name, all);

  const change = useCallback((name: string, value: string) => {
    const all = { ...current.current, [name]: value };
    current.current = all;
    setValues(all);
    setErrors((prev) => {
      const next = { ...prev, [name]: checkOne(name, all) };
      for (const [field, on] of Object.entries(specRef.current.deps ?? {})) {
        if (on.includes(name) && (all[field] ?? '') !== '') next[field] = checkOne(field, all);
      }
      return next;
    });
  }, []);

  const set = useCallback((name: string, value: string) => {
    current.current = { ...current.current, [name]: value };
    setValues(current.current);
  }, []);

  const setError = useCallback((name: string, msg: string) => {
    setErrors((prev) => ({ ...prev, [name]: msg }));
  }, []);

  const validate = useCallback((names?: string[]) => {
    const all = current.current;
    const list = names ?? Object.keys(specRef.current.checks);
    const found: Record<string, string> = {};
    for (const n of list) found[n] = checkOne(n, all);
    setErrors((prev) => ({ ...prev, ...found }));
    return Object.values(found).some(Boolean) ? null : { ...all };
  }, []);

  return { values, errors, get: (n) => values[n] ?? '', change, set, setError, validate };
}
