/**
 * The HTML shell of index.html (issue 16, first paint before JavaScript): the site header exactly as a
 * logged-out visitor gets it from React — rendered at build time from the real SiteHeader and the route
 * table's menu (vite.config.ts, plugin `htmlShell`) — inside the main layout's frame, whose main area
 * reserves the first screen. React's first render replaces it by the same header (main.tsx waits for the
 * page's code first), so nothing moves or flashes. A small inline script ({@link shellScript}) fits it to
 * the URL before the first paint, or takes it away where the page has no site header or the visitor is
 * logged in (their header differs: points, account, more menu entries).
 * Routes whose handle says `prerender: true` get their whole first screen instead ({@link prerenderRoute},
 * written into the route's own HTML by src/shell/routePreloads.ts), dropped by the same script.
 */
import { StrictMode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { preloadRoute } from '../lazyPage';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SiteHeader } from '../components/SiteHeader';
import { getMenu, routes } from '../routes';
import { STORAGE_KEYS } from '../stores/session';
import { seedCertificateTemplate, slot } from '../pages/certificate/shared/template';

/** id of the shell's root element. */
export const SHELL_ID = 'app-shell-html';

/** The shell's markup: the logged-out header (no entry active) and the reserved main area. */
export function shellMarkup(): string {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/__shell__']}>
        <div className="app-shell" id={SHELL_ID}>
          <SiteHeader menu={getMenu()} />
          <main className="app-main" />
        </div>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * Path prefixes of the pages shown without the site header: the route table's top-level routes outside
 * the two layouts (operator console, mobile certificate and previews, QR landing page).
 */
export function barePrefixes(): string[] {
  const top = routes[0]?.children ?? [];
  return top.filter((r) => r.path).map((r) => r.path!.split('/:')[0]!.replace(/\/+$/, ''));
}

/**
 * The inline script run before the first paint: removes the shell on a bare page or when a session
 * token is stored; otherwise marks the menu entry of the URL active (as NavLink does) and points 登录
 * back at the URL (as SiteHeader does through loginPath).
 */
export function shellScript(): string {
  const bare = JSON.stringify(barePrefixes());
  const tokenKey = JSON.stringify(STORAGE_KEYS.token);
  return `(function(){var s=document.getElementById(${JSON.stringify(SHELL_ID)});if(!s)return;var p=location.pathname,t=null;try{t=localStorage.getItem(${tokenKey})}catch(e){}
if(t||${bare}.some(function(b){return p===b||p.indexOf(b+'/')===0})){s.parentNode.removeChild(s);return}
var a=s.querySelectorAll('nav a');for(var i=0;i<a.length;i++){var h=a[i].getAttribute('href');if(p===h||p.indexOf(h+'/')===0){a[i].className='active';a[i].setAttribute('aria-current','page')}}
var l=s.querySelectorAll('a[href^="/login"]');for(i=0;i<l.length;i++)l[i].setAttribute('href',p.indexOf('/login')===0?'/login':'/login?redirect='+encodeURIComponent(p+location.search))})()`;
}

/**
 * The URL a route pattern is prerendered at: the pattern itself; a splat (`/*`) as an unknown path; each
 * `:param` as its slot marker (`__czslot_<param>__`, round 4b: the route's HTML is then a template the
 * server fills, pages/certificate/shared/template.ts).
 */
export function prerenderUrl(pattern: string): string {
  return pattern.replace(/\/\*$/, '/__prerender__').replace(/(^|\/):([\w-]+)/g, (_m, s: string, name: string) => `${s}${slot(name)}`);
}

/**
 * Issue 16 (first screen prerendered, build time): the whole first screen of a `prerender: true` route —
 * the route table rendered at `url` for a logged-out visitor with no data, its lazy layout and page loaded
 * first (as main.tsx does before its first render), so it is what React's first client render draws. The
 * root element carries {@link SHELL_ID}, so the inline script takes it away exactly like the plain shell
 * (bare page, stored session); its fields are read-only until then. A URL with slot markers (prerenderUrl)
 * gives a template: `seed` fills the query cache (default: the certificate's slot view). Errors: a page
 * that suspends (its code not loaded) or throws while rendering.
 */
export async function prerenderRoute(url: string, seed: (client: QueryClient) => void = seedCertificateTemplate): Promise<string> {
  await preloadRoute(routes, url);
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  // Round 4b: a certificate route's template is drawn from a view of slot markers (`seed`; tests pass real data).
  const client = new QueryClient();
  seed(client);
  const html = renderToStaticMarkup(
    <StrictMode>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  router.dispose();
  // A spinner (code not loaded) or the route's error element (it threw, e.g. read `window`) is no first screen.
  if (/class="(page-loading|route-error)"/.test(html) || !/^<div class="[^"]+"/.test(html) || !html.includes('<main')) throw new Error(`prerender ${url}: not a finished first screen`);
  // Fields stay read-only until React's first render replaces them: what a visitor typed into the HTML
  // alone would be lost then (read-only looks the same; nothing here styles :read-only). `readonly` does not
  // apply to a file chooser, so those are disabled (they are hidden behind a button; a file chosen in the
  // HTML alone was dropped by React's first render and the query page then asked for a file again).
  return html
    .replace(/^<div /, `<div id="${SHELL_ID}" `)
    .replace(/<(input|textarea)\b(?![^>]*\sreadonly)/gi, '<$1 readonly=""')
    .replace(/<input\b(?=[^>]*\stype="file")(?![^>]*\sdisabled)/gi, '<input disabled=""');
}
