/**
 * The site footer: filing number and copyright (spec p2 §9 "The footer carries a filing number and
 * copyright notes"), both from build configuration (see env.ts). Plain markup (no UI library).
 */
import { Link } from 'react-router';
import { config, copyrightText } from '../env';

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <nav className="site-footer-links" aria-label="页脚导航">
          <Link to="/home">首页</Link>
          <Link to="/queryAuthentication/safekeeping">证书查询</Link>
          <Link to="/home#help">帮助中心</Link>
        </nav>
        <p className="site-footer-note">
          {config.siteName} · {config.siteSlogan}：文件哈希写入公开可验证的只追加账本，并附可信时间戳。
        </p>
        <p className="site-footer-legal">
          <span>{copyrightText()}</span>
          {config.icpNumber ? (
            <a href={config.icpLink} target="_blank" rel="noreferrer noopener">
              {config.icpNumber}
            </a>
          ) : null}
        </p>
      </div>
    </footer>
  );
}
