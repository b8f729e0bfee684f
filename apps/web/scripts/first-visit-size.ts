/**
 * Prints the gzip size of the JavaScript (and CSS) a first visit to a route loads, from the Vite
 * manifest of a build (`vite build` writes dist/.vite/manifest.json). A route is named by the
 * source modules its lazy pages come from; the entry's static imports are always included.
 *
 *   node scripts/first-visit-size.ts                     # the default set of routes
 *   node scripts/first-visit-size.ts src/pages/home/Home/index.tsx …
 *
 * Issue 2 §8 aim: under 200 KB gzip of JavaScript for /attestation/{baoquan}.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;

/** Static import closure of the given manifest keys. */
function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const walk = (k: string) => {
    if (seen.has(k)) return;
    const c = manifest[k];
    if (!c) throw new Error(`not in manifest: ${k}`);
    seen.add(k);
    for (const i of c.imports ?? []) walk(i);
  };
  keys.forEach(walk);
  return seen;
}

const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;

/** JS and CSS gzip bytes of a first visit loading `pages` (lazy modules) after the entry. */
export function firstVisit(pages: string[]): { js: number; css: number; files: string[] } {
  const entry = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  const keys = closure([...entry, ...pages]);
  let js = 0;
  let css = 0;
  const files: string[] = [];
  const cssFiles = new Set<string>();
  for (const k of keys) {
    const c = manifest[k] as Chunk;
    js += gz(c.file);
    files.push(c.file);
    for (const s of c.css ?? []) cssFiles.add(s);
  }
  for (const s of cssFiles) css += gz(s);
  return { js, css, files };
}

const ROUTES: Record<string, string[]> = {
  '/attestation/{baoquan}': ['src/pages/certificate/Certificate/index.tsx'],
  '/mobile/attestation/{baoquan}/{token}': ['src/pages/certificate/MobileAttestation/index.tsx'],
  '/ledger/{chainhash}': ['src/pages/ledger/Explorer/index.tsx'],
  '/queryAuthentication/safekeeping': ['src/pages/query/Safekeeping/index.tsx'],
  '/home': ['src/layouts/MainLayout/index.tsx', 'src/pages/home/Home/index.tsx'],
  '/login': ['src/layouts/MainLayout/index.tsx', 'src/pages/auth/Login/index.tsx'],
  // The shared list and download page load the kind's config (and the data list its upload panel) on demand.
  '/attestation-all/data': ['src/layouts/MainLayout/index.tsx', 'src/pages/evidence/List/index.tsx', 'src/pages/evidence/kinds/dataDeposit/index.tsx', 'src/pages/evidence/kinds/dataDeposit/UploadPanel.tsx'],
  '/attestation-all/data/download': ['src/layouts/MainLayout/index.tsx', 'src/pages/evidence/Download/index.tsx', 'src/pages/evidence/kinds/dataDeposit/index.tsx'],
  '/evidences-all/web': ['src/layouts/MainLayout/index.tsx', 'src/pages/evidence/List/index.tsx', 'src/pages/evidence/kinds/web/index.tsx'],
  '/evidencesWeb/{baoquan}': ['src/pages/certificate/Certificate/index.tsx', 'src/pages/certificate/kinds/web/WebBlocks.tsx'],
  '/evidences-all/process': ['src/layouts/MainLayout/index.tsx', 'src/layouts/EvidencesAll.tsx', 'src/pages/evidence/List/index.tsx', 'src/pages/evidence/kinds/process/index.tsx'],
  '/evidencesPro/{baoquan}': ['src/pages/certificate/Certificate/index.tsx', 'src/pages/certificate/kinds/process/ProBlocks.tsx'],
  '/evidences-all/process/queue/{id}': ['src/layouts/MainLayout/index.tsx', 'src/layouts/EvidencesAll.tsx', 'src/pages/process/Session/index.tsx'],
};

const args = process.argv.slice(2);
const targets = args.length ? { [args.join(' + ')]: args } : ROUTES;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const [route, pages] of Object.entries(targets)) {
  const r = firstVisit(pages);
  console.log(`${route.padEnd(42)} JS ${kb(r.js).padStart(9)} gzip  CSS ${kb(r.css).padStart(7)} gzip  (${r.files.length} chunks)`);
}
