/**
 * /appDownload 移动端 (spec p2 §2): how to use the platform on a phone. There is no native app yet, and the
 * page says so; it offers a QR code of the site, how to add it to the home screen, and what works on
 * mobile browsers. Plain markup (the QR code library loads on demand).
 *
 * Issue 16: prerendered at build time (route handle `prerender`). The site's address is this page's own
 * origin, which the build cannot know: it is read through `useSyncExternalStore`, whose server snapshot
 * (the build's render) is '' — the prerendered screen shows the QR box empty, as the page itself does until
 * the QR library has loaded, and an empty address line of the same height — and React's first render in the
 * browser (createRoot, no hydration) reads `window.location.origin` at once.
 */
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { QrCode } from '../../certificate/shared/QrCode';
import '../shared/public.css';

const noChange = () => () => {};
/** This page's origin in the browser; '' while rendering at build time. */
const useOrigin = () =>
  useSyncExternalStore(
    noChange,
    () => window.location.origin,
    () => '',
  );

export default function AppDownloadPage() {
  const origin = useOrigin();
  const site = origin ? `${origin}/home` : '';
  return (
    <div>
      <section className="pub-hero">
        <h1>移动端使用</h1>
        <p>用手机浏览器即可使用存证、取证、证书查询和证据提取的全部功能，界面会自动切换为手机布局。</p>
      </section>
      <div className="pub-page">
        <section className="pub-card">
          <h2>扫码在手机上打开</h2>
          <div className="app-qr">
            {site ? <QrCode value={site} size={160} alt="本站手机访问二维码" /> : <div style={{ width: 160, height: 160 }} aria-hidden />}
            <div>
              <p>在电脑上打开本页时，用手机相机或微信扫描此二维码，即可在手机上打开本站。</p>
              <p>
                网址：<code>{site || '\u00a0'}</code>
              </p>
            </div>
          </div>
        </section>

        <section className="pub-card">
          <h2>添加到手机桌面</h2>
          <h3>iPhone / iPad（Safari）</h3>
          <ol>
            <li>用 Safari 打开本站。</li>
            <li>点击底部的“分享”按钮，选择“添加到主屏幕”。</li>
            <li>点击“添加”，桌面上会出现本站图标，以后可以像 App 一样直接打开。</li>
          </ol>
          <h3>安卓手机（Chrome 或系统浏览器）</h3>
          <ol>
            <li>用浏览器打开本站。</li>
            <li>点击右上角菜单，选择“添加到主屏幕”或“添加快捷方式到桌面”。</li>
          </ol>
          <h3>在微信中打开时</h3>
          <p>微信内置浏览器下载文件受限。需要下载证据或证书时，请点击右上角“…”，选择“在浏览器打开”。</p>
        </section>

        <section className="pub-card">
          <h2>手机上可以做什么</h2>
          <ul>
            <li>上传手机中的照片、录音、视频和文档进行数据存证。</li>
            <li>提交网址进行网页取证，查看取证进度和结果。</li>
            <li>扫描保全证书上的二维码查看证书，点击交易哈希核验账本记录。</li>
            <li>输入证据提取码下载原始文件，查看和复制自己的提取码。</li>
            <li>查看消息通知、管理签章。</li>
          </ul>
        </section>

        <section className="pub-card">
          <h2>关于 App</h2>
          <p>
            本平台目前没有发布原生 App，也没有在任何应用商店上架。请不要安装以本平台名义传播的安装包。如需随时使用，请按上面的方法把本站添加到手机桌面。
          </p>
          <p>
            有疑问请查看<Link to="/helpCenter">帮助中心</Link>。
          </p>
        </section>
      </div>
    </div>
  );
}
