/**
 * Per-route preloads (issue 16): each route's copy of index.html carries modulepreload links for its
 * modules' chunks and their static imports and preload links for their stylesheets — never what the
 * entry already loads, each file once — routes with the same links share one file, and a module the
 * route table names that the build has no chunk for fails the build.
 */
import { describe, expect, it } from 'vitest';
import { routeHtmlFiles, routeLinks, type ChunkInfo } from './routePreloads';

const chunks: ChunkInfo[] = [
  { fileName: 'assets/index-1.js', isEntry: true, imports: ['assets/react-vendor-1.js'], css: ['assets/index-1.css'] },
  { fileName: 'assets/react-vendor-1.js', isEntry: false, imports: [], css: [] },
  { fileName: 'assets/shared-1.js', isEntry: false, imports: ['assets/react-vendor-1.js'], css: ['assets/shared-1.css'] },
  { fileName: 'assets/MainLayout-1.js', src: 'src/layouts/MainLayout/index.tsx', isEntry: false, imports: ['assets/shared-1.js'], css: [] },
  { fileName: 'assets/Home-1.js', src: 'src/pages/home/Home/index.tsx', isEntry: false, imports: ['assets/shared-1.js', 'assets/react-vendor-1.js'], css: ['assets/Home-1.css', 'assets/shared-1.css'] },
  { fileName: 'assets/Help-1.js', src: 'src/pages/public/HelpCenter/index.tsx', isEntry: false, imports: [], css: [] },
];
const INDEX = '<!doctype html><html><head><title>t</title>\n  </head><body><div id="root"></div><script>x()</script></body></html>';

describe('routePreloads', () => {
  it("links a route's layout and page chunks, their imports and stylesheets, minus the entry's, each once", () => {
    const links = routeLinks(['src/layouts/MainLayout/index.tsx', 'src/pages/home/Home/index.tsx'], chunks).split('\n').map((l) => l.trim());
    expect(links).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/MainLayout-1.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/shared-1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/shared-1.js">',
      '<link rel="preload" as="style" crossorigin href="/assets/Home-1.css">',
      '<link rel="modulepreload" crossorigin href="/assets/Home-1.js">',
    ]);
  });

  it('writes one file per distinct set of links, changes nothing but the head, and maps every route to it', () => {
    const { files, map } = routeHtmlFiles(
      INDEX,
      [
        { path: '/', modules: [] },
        { path: '/home', modules: ['src/layouts/MainLayout/index.tsx', 'src/pages/home/Home/index.tsx'] },
        { path: '/helpCenter', modules: ['src/pages/public/HelpCenter/index.tsx'] },
        { path: '/help/:id', modules: ['src/pages/public/HelpCenter/index.tsx'] },
      ],
      chunks,
    );
    expect(files.size).toBe(2);
    expect(map.routes.map((r) => r.path)).toEqual(['/home', '/helpCenter', '/help/:id']);
    expect(map.routes[1]!.html).toBe(map.routes[2]!.html);
    expect(map.routes[0]!.html).toMatch(/^html\/[0-9a-f]{8}\.html$/);
    const help = files.get(map.routes[1]!.html)!;
    expect(help).toContain('<link rel="modulepreload" crossorigin href="/assets/Help-1.js">\n  </head>');
    expect(help.replace(/\s*<link[^>]*>/g, '')).toBe(INDEX); // the shell and its inline script untouched (CSP hash)
  });

  it('puts a prerendered first screen in place of the shell, with its stylesheets inlined (issue 16)', () => {
    const shell = '<div id="s"><main></main></div>';
    const index = INDEX.replace('<div id="root"></div>', `<div id="root">${shell}</div>`);
    const home = '<div id="s" class="app-shell"><main><h1>首页 $& $1</h1></main></div>';
    const routes = [
      { path: '/home', modules: ['src/layouts/MainLayout/index.tsx', 'src/pages/home/Home/index.tsx'], prerender: true as const },
      { path: '/other', modules: ['src/layouts/MainLayout/index.tsx', 'src/pages/home/Home/index.tsx'] },
    ];
    const css = new Map([['assets/Home-1.css', '.home{color:red}'], ['assets/shared-1.css', '.s{}</style><b>']]);
    const { files, map } = routeHtmlFiles(index, routes, chunks, { shell, markup: new Map([['/home', home]]), css });
    expect(files.size).toBe(2);
    const pre = files.get(map.routes[0]!.html)!;
    expect(pre).toContain(`<div id="root">${home}</div><script>x()</script>`); // inline script untouched
    // The rules in the HTML; the file linked for no media, so Vite's preload helper adds no second copy.
    expect(pre).toContain('<style>.home{color:red}</style><link rel="stylesheet" media="not all" crossorigin href="/assets/Home-1.css">');
    expect(pre).toContain('<style>.s{}<\\/style><b></style><link rel="stylesheet" media="not all" crossorigin href="/assets/shared-1.css">');
    expect(pre).not.toContain('as="style"');
    expect(() => routeHtmlFiles(index, routes, chunks, { shell, markup: new Map([['/home', home]]), css: new Map() })).toThrow(/not in the bundle/);
    const other = files.get(map.routes[1]!.html)!;
    expect(other).toContain(shell);
    expect(other).toContain('<link rel="preload" as="style" crossorigin href="/assets/Home-1.css">');
    expect(() => routeHtmlFiles(INDEX, routes, chunks, { shell, markup: new Map([['/home', home]]), css })).toThrow(/shell markup/);
  });

  it('writes a prerendered route with :params as a template beside its plain HTML (round 4b)', () => {
    const shell = '<div id="s"><main></main></div>';
    const index = INDEX.replace('<div id="root"></div>', `<div id="root">${shell}</div>`);
    const cert = '<div id="s" class="app-shell"><main><dd>__czslot_baoquan__</dd></main></div>';
    const routes = [{ path: '/attestation/:attestationId', modules: ['src/layouts/MainLayout/index.tsx', 'src/pages/home/Home/index.tsx'], prerender: true as const }];
    const css = new Map([['assets/Home-1.css', '.home{color:red}'], ['assets/shared-1.css', '.s{}']]);
    const { files, map } = routeHtmlFiles(index, routes, chunks, { shell, markup: new Map([['/attestation/:attestationId', cert]]), css });
    const r = map.routes[0]!;
    expect(r.template).toMatch(/^html\/[0-9a-f]{8}\.html$/);
    expect(files.get(r.html)).toContain(shell); // what the server sends without data: no slots
    expect(files.get(r.html)).not.toContain('__czslot_');
    expect(files.get(r.template!)).toContain(`<div id="root">${cert}</div>`);
    expect(files.get(r.template!)).toContain('<style>.home{color:red}</style>');
    // Painted only once parsed whole: a partial paint would move the buttons (they follow the html in the markup).
    expect(files.get(r.template!)).toContain('<link rel="expect" href="#s" blocking="render">\n  </head>');
    expect(files.get(r.html)).not.toContain('rel="expect"');
  });

  it('fails when the route table names a module the build has no chunk for', () => {
    expect(() => routeLinks(['src/pages/gone/index.tsx'], chunks)).toThrow(/not a chunk/);
  });
});
