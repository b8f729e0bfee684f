/** Small constructors for check verdicts (see ../report.ts). */
import { TITLES, type Check, type CheckId, type Status } from '../report.ts';
import { t, type Text } from '../text.ts';

/** A verdict with its standard title. */
export const verdict = (id: CheckId, status: Status, lines: Text[], notes: Text[] = []): Check => ({ id, status, title: TITLES[id], lines, notes });

/** A line that reads the same in both languages (values, hashes, commands). */
export const same = (s: string): Text => t(s, s);

/** "label: value" in both languages. */
export const kv = (zh: string, en: string, value: string | number): Text => t(`${zh}：${value}`, `${en}: ${value}`);

/** pass when `problems` is empty, else fail with the problems first. */
export const passOrFail = (id: CheckId, problems: Text[], lines: Text[], notes: Text[] = []): Check =>
  verdict(id, problems.length ? 'fail' : 'pass', [...problems, ...lines], notes);
