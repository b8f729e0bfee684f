/**
 * README's environment-variable table, generated from the config schema (issue 8 §2): one row per
 * variable of `ZConfig` with its default and its `.describe()` text, so README and config.ts cannot
 * drift. `npm run docs:env` writes it between the ENV_TABLE markers of README.md; a test compares.
 */
import { ZConfig, ENV_DOC_DEFAULTS, ENV_DOC_HIDDEN } from './config.ts';

export const ENV_TABLE_BEGIN = '<!-- ENV_TABLE:BEGIN (generated from apps/server/src/config.ts by `npm run docs:env`; do not edit by hand) -->';
export const ENV_TABLE_END = '<!-- ENV_TABLE:END -->';

interface ZodDefLike {
  type: string;
  defaultValue?: unknown;
  innerType?: ZodLike;
  out?: ZodLike;
}
interface ZodLike {
  description?: string;
  _zod: { def: ZodDefLike };
}

/** The default shown for a schema: `{value}` of a default, 'unset' when optional, else 'required'. */
function defaultOf(schema: ZodLike): { value: unknown } | 'unset' | 'required' {
  let s: ZodLike | undefined = schema;
  while (s) {
    const def: ZodDefLike = s._zod.def;
    if (def.type === 'default') return { value: def.defaultValue };
    if (def.type === 'optional') return 'unset';
    s = def.type === 'pipe' ? def.out : def.innerType;
  }
  return 'required';
}

/** Markdown of a default value: `code` for text, plain numbers, "empty" for ''. */
function showDefault(name: string, schema: ZodLike): string {
  const doc = ENV_DOC_DEFAULTS[name];
  if (doc !== undefined) return doc;
  const d = defaultOf(schema);
  if (d === 'unset' || d === 'required') return d;
  if (d.value === '') return 'empty';
  if (typeof d.value === 'number') return String(d.value);
  return '`' + String(d.value) + '`';
}

const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

/**
 * The markdown table (header + one row per variable, schema order), ending with a newline.
 * Throws when a variable has no `.describe()` text, naming it.
 */
export function envTable(): string {
  const rows: string[] = ['| variable | default | meaning |', '|---|---|---|'];
  for (const [name, schema] of Object.entries(ZConfig.shape as Record<string, ZodLike>)) {
    if (ENV_DOC_HIDDEN.has(name)) continue;
    const text = schema.description;
    if (!text) throw new Error(`config.ts: ${name} has no .describe() text (README's table is generated from it)`);
    rows.push(`| \`${name}\` | ${cell(showDefault(name, schema))} | ${cell(text)} |`);
  }
  return rows.join('\n') + '\n';
}

/** `readme` with the text between the markers replaced by the generated table; throws without markers. */
export function withEnvTable(readme: string): string {
  const a = readme.indexOf(ENV_TABLE_BEGIN);
  const b = readme.indexOf(ENV_TABLE_END);
  if (a < 0 || b < a) throw new Error('README.md has no ENV_TABLE markers');
  return readme.slice(0, a + ENV_TABLE_BEGIN.length) + '\n' + envTable() + readme.slice(b);
}
