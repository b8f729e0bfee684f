/**
 * The web app's route table (src/routes.tsx, spec p2 §2) read as data for the e2e route smoke test, so a
 * route added there is requested without editing the test. The module itself cannot be imported in
 * Node (it pulls in the whole app through its layouts), so its source is parsed: the nesting of the
 * `routes` array's objects and their `path`, `index`, `handle: H.name` and `<Navigate to=…>` properties,
 * and the `H` handle map's `auth` and `roles`.
 */
import fs from 'node:fs';
import path from 'node:path';

/** One page of the route table. */
export interface TableRoute {
  /** Full path pattern, e.g. `/attestation/:attestationId`, `/admin/users`. */
  path: string;
  /** Login required (this route's handle or an ancestor's says `auth: true`). */
  auth: boolean;
  /** ROLE values that may open it ([] = anyone allowed by `auth`), from the nearest handle that lists them. */
  roles: string[];
  /** Target of a `<Navigate to>` element (a redirect route), if it is one. */
  redirect?: string;
}

interface Frame {
  path?: string;
  index?: boolean;
  handle?: string;
  redirect?: string;
  children: Frame[];
}

export const ROUTES_FILE = path.resolve(import.meta.dirname, '../src/routes.tsx');

/** Parses `src/routes.tsx` into its pages (every route with a path or `index`, the `*` catch-all excluded). */
export function readRouteTable(file = ROUTES_FILE): TableRoute[] {
  const src = fs.readFileSync(file, 'utf8');
  const handles = parseHandles(src);
  const start = src.indexOf('export const routes');
  if (start < 0) throw new Error('routes.tsx: no `export const routes`');
  const open = src.indexOf('= [', start);
  if (open < 0) throw new Error('routes.tsx: `routes` is not an array literal');
  const text = src.slice(open + 2);
  const root: Frame = { children: [] };
  const stack: Frame[] = [root];
  const depthOf: ('obj' | 'arr')[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === '`') {
      i = skipString(text, i);
      continue;
    }
    if (c === '/' && text[i + 1] === '/') {
      i = text.indexOf('\n', i);
      continue;
    }
    if (c === '{') {
      const f: Frame = { children: [] };
      stack.at(-1)!.children.push(f);
      stack.push(f);
      depthOf.push('obj');
    } else if (c === '}') {
      stack.pop();
      depthOf.pop();
    } else if (c === '[') depthOf.push('arr');
    else if (c === ']') {
      depthOf.pop();
      if (depthOf.length === 0) break;
    } else if (depthOf.at(-1) === 'obj') {
      const rest = text.slice(i, i + 200);
      const frame = stack.at(-1)!;
      let m: RegExpExecArray | null;
      if ((m = /^path:\s*'([^']*)'/.exec(rest))) frame.path = m[1];
      else if (/^index:\s*true/.test(rest)) frame.index = true;
      else if ((m = /^handle:\s*H\.(\w+)/.exec(rest))) frame.handle = m[1];
      else if ((m = /^element:\s*<Navigate to="([^"]+)"/.exec(rest))) frame.redirect = m[1];
    }
  }
  const out: TableRoute[] = [];
  const walk = (f: Frame, parent: string, auth: boolean, roles: string[]) => {
    const h = f.handle ? handles.get(f.handle) : undefined;
    if (f.handle && !h) throw new Error(`routes.tsx: handle H.${f.handle} not found`);
    const here = f.path === undefined ? parent : f.path.startsWith('/') ? f.path : `${parent.replace(/\/$/, '')}/${f.path}`;
    const a = auth || h?.auth === true;
    const r = h?.roles ?? roles;
    if ((f.path !== undefined || f.index) && f.path !== '*') out.push({ path: here || '/', auth: a, roles: r, redirect: f.redirect });
    for (const c of f.children) walk(c, here, a, r);
  };
  walk(root, '', false, []);
  return out;
}

/** `H` entries: name → auth / roles, one entry per line (`name: { title: '…', auth: true, roles: ['1'], … },`). */
function parseHandles(src: string): Map<string, { auth: boolean; roles?: string[] }> {
  const a = src.indexOf('const H = {');
  const b = src.indexOf('} satisfies', a);
  if (a < 0 || b < 0) throw new Error('routes.tsx: no `const H = {…} satisfies` handle map');
  const map = new Map<string, { auth: boolean; roles?: string[] }>();
  for (const line of src.slice(a, b).split('\n')) {
    const m = /^\s{2}(\w+):\s*\{(.*)\},?\s*$/.exec(line);
    if (!m) continue;
    const body = m[2]!.replace(/menu:\s*\{[^}]*\}/, '');
    const roles = /roles:\s*\[([^\]]*)\]/.exec(body);
    map.set(m[1]!, { auth: /auth:\s*true/.test(body), roles: roles ? [...roles[1]!.matchAll(/'([^']*)'/g)].map((x) => x[1]!) : undefined });
  }
  return map;
}

function skipString(text: string, i: number): number {
  const q = text[i];
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === q) return j;
  }
  return text.length;
}
