/**
 * The HTML shell (issue 16): the build-time header is the logged-out SiteHeader with the route table's
 * menu, bare pages come from the route table, and the inline script fits the shell to the URL or takes it
 * away (bare page, stored session token) before the first paint.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getMenu } from '../routes';
import { templateView } from '../pages/certificate/shared/template';
import { barePrefixes, prerenderRoute, prerenderUrl, SHELL_ID, shellMarkup, shellScript } from './renderShell';

function load(path: string, markup = shellMarkup()): HTMLElement | null {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<div id="root">${markup}</div>`;
  new Function(shellScript())();
  return document.getElementById(SHELL_ID);
}

afterEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('HTML shell', () => {
  it('shows the logged-out menu of the route table, 注册 and 登录, and a reserved main area', () => {
    const shell = load('/home')!;
    const labels = [...shell.querySelectorAll('nav.site-nav a')].map((a) => a.textContent);
    const expected = getMenu().filter((e) => (e.area ?? 'main') === 'main' && !e.loggedInOnly && !e.notaryOnly && e.accountType === undefined && e.verified === undefined).map((e) => e.label);
    expect(labels).toEqual(expected);
    expect(labels).toContain('证书查询');
    expect(shell.querySelector('a[href="/register"]')?.textContent).toBe('注册');
    expect(shell.querySelector('main.app-main')).toBeTruthy();
  });

  it('marks the entry of the URL active and points 登录 back at the URL', () => {
    const shell = load('/queryAuthentication/safekeeping?x=1')!;
    const active = [...shell.querySelectorAll('nav a.active')].map((a) => a.textContent);
    expect(active).toEqual(['证书查询']);
    expect(shell.querySelector('nav a.active')?.getAttribute('aria-current')).toBe('page');
    const login = [...shell.querySelectorAll('a')].find((a) => a.textContent === '登录')!;
    expect(login.getAttribute('href')).toBe('/login?redirect=%2FqueryAuthentication%2Fsafekeeping%3Fx%3D1');
    expect(load('/login')!.querySelector('a.site-btn-primary')?.getAttribute('href')).toBe('/login');
  });

  it('is taken away on pages without the site header and for a logged-in visitor', () => {
    expect(barePrefixes()).toEqual(expect.arrayContaining(['/admin', '/dama', '/mobile/attestation']));
    expect(load('/dama/abc')).toBeNull();
    expect(load('/admin')).toBeNull();
    expect(load('/mobile/attestation/1/t')).toBeNull();
    expect(load('/attestation/abc')).toBeTruthy();
    expect(load('/administrator')).toBeTruthy();
    localStorage.setItem('token', 'x');
    expect(load('/home')).toBeNull();
  });

  it('prerenders a first screen: layout and page of the route table, taken away like the shell (issue 16)', async () => {
    expect(prerenderUrl('/login')).toBe('/login');
    expect(prerenderUrl('/*')).toBe('/__prerender__');
    expect(prerenderUrl('/ledger/:chainhash')).toBe('/ledger/__czslot_chainhash__');
    const html = await prerenderRoute('/login');
    expect(html.startsWith(`<div id="${SHELL_ID}" class="app-shell">`)).toBe(true);
    const shell = load('/login', html)!;
    expect(shell.querySelector('header.site-header')).toBeTruthy();
    expect(shell.querySelector('main.app-main h3')?.textContent).toBe('登录');
    expect(shell.querySelector('.page-loading')).toBeNull();
    const fields = [...shell.querySelectorAll('input')];
    expect(fields.length).toBeGreaterThan(1);
    expect(fields.every((f) => f.readOnly)).toBe(true); // nothing typed before React takes over is lost
    // A file chooser cannot be read-only: it is disabled until React takes over (a file chosen before was lost).
    const picker = [...load('/queryAuthentication/mutualEvidence', await prerenderRoute('/queryAuthentication/mutualEvidence'))!.querySelectorAll('input')];
    expect(picker.filter((f) => f.type === 'file').map((f) => f.disabled)).toEqual([true]);
    expect(picker.some((f) => f.type !== 'file' && f.readOnly && !f.disabled)).toBe(true);
    localStorage.setItem('token', 'x');
    expect(load('/login', html)).toBeNull();
  });

  it('prerenders /appDownload without the browser address: empty QR box and address line of the same size (issue 16 round 4)', async () => {
    const html = await prerenderRoute('/appDownload');
    const shell = load('/appDownload', html)!;
    expect(shell.querySelector('main.app-main h1')?.textContent).toBe('移动端使用');
    expect(shell.querySelector('.app-qr code')?.textContent).toBe('\u00a0');
    expect(shell.querySelector('.app-qr div[aria-hidden]')?.getAttribute('style')).toMatch(/width:\s*160px;\s*height:\s*160px/);
    expect(html).not.toContain('localhost');
  });

  it('prerenders the certificate as a template: filled like the server fills it, it is React’s render of that view (round 4b)', async () => {
    const view = { ...templateView(), baoquan: 'CZ2026X_1', chainhash: 'ab'.repeat(32), html: '<p class="cz-intro">兹证明 &amp; <b>x</b></p>', htmlEn: '<p class="cz-intro">We certify</p>' };
    // What apps/server/src/platform/pageData.ts fillTemplate does (text escaped; these values need none).
    const fill = (t: string, html: string) => t.replace(/__czslot_(\w+?)__/g, (_m, n: string) => (n === 'html' ? html : n === 'attestationId' ? view.baoquan : String(view[n as 'baoquan'])));
    for (const [pattern, html] of [['/attestation/:attestationId', view.html], ['/English/attestation/:attestationId', view.htmlEn]] as const) {
      const template = await prerenderRoute(prerenderUrl(pattern));
      expect(template).toContain('<div class="cert-html print-area">__czslot_html__</div>');
      expect(template.match(/__czslot_\w+?__/g)?.sort()).toEqual(['__czslot_attestationId__', '__czslot_baoquan__', '__czslot_baoquan__', '__czslot_chainhash__', '__czslot_chainhash__', '__czslot_html__']);
      const url = pattern.replace(':attestationId', view.baoquan);
      const real = await prerenderRoute(url, (c) => c.setQueryData(['share/getView', view.baoquan, ''], view));
      expect(fill(template, html)).toBe(real);
      const shell = load(url, real)!;
      expect(shell.querySelector('.cert-html p.cz-intro')).toBeTruthy();
      expect([...shell.querySelectorAll('.cert-actions button')].length).toBe(4); // the anonymous viewer's: 提取证据, 分享, 打印, PDF
      localStorage.setItem('token', 'x');
      expect(load(url, real)).toBeNull(); // a stored session: the markup goes, the page draws the owner's view
      localStorage.clear();
    }
  });
});
