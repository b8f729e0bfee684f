/** Help-centre search: case-insensitive substring match over the question, answer and commands. */
import type { HelpCategory, HelpItem } from './content';

/** The items of `cat` (or all) matching every space-separated term of `query`. */
export function searchHelp(items: readonly HelpItem[], query: string, cat: HelpCategory | null): HelpItem[] {
  const terms = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return items.filter((it) => {
    if (cat && it.cat !== cat) return false;
    if (terms.length === 0) return true;
    const text = [it.q, ...it.a, ...(it.code ?? [])].join('\n').toLowerCase();
    return terms.every((t) => text.includes(t));
  });
}

/** Splits `text` into plain and matching parts for highlighting. */
export function highlightParts(text: string, query: string): { text: string; hit: boolean }[] {
  const terms = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return [{ text, hit: false }];
  const escaped = terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return text
    .split(new RegExp(`(${escaped.join('|')})`, 'gi'))
    .filter((p) => p !== '')
    .map((p) => ({ text: p, hit: terms.includes(p.toLowerCase()) }));
}
