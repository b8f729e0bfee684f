/**
 * The site footer: filing number and copyright (spec p2 §9 "The footer carries a filing number and
 * copyright notes"), read from the server's configuration (GET /api/home/index) with the build
 * configuration (env.ts) as fallback while it loads or when the server leaves a value empty; links to
 * the help centre and the legal pages. Plain markup (no UI library).
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { HOME_INDEX_KEY, homeIndex } from '../api/account';
import { config, copyrightText } from '../env';

export function SiteFooter() {
  const home = useQuery({ queryKey: HOME_INDEX_KEY, queryFn: homeIndex, staleTime: Infinity, retry: false }).data;
  const filing = home?.filingNumber || config.icpNumber;
  const copyright = home?.copyright || copyrightText();
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <nav className="site-footer-links" aria-label="页脚导航">
          <Link to="/home">首页</Link>
          <Link to="/production">产品介绍</Link>
          <Link to="/queryAuthentication/safekeeping">证书查询</Link>
          <Link to="/helpCenter">帮助中心</Link>
          <Link to="/user-agreement">用户协议</Link>
          <Link to="/privacy">隐私政策</Link>
        </nav>
        <p className="site-footer-note">
          {config.siteName} · {config.siteSlogan}：文件哈希写入公开可验证的只追加账本，并附可信时间戳。
        </p>
        <p className="site-footer-legal">
          <span>{copyright}</span>
          {filing ? (
            <a href={config.icpLink} target="_blank" rel="noreferrer noopener">
              {filing}
            </a>
          ) : null}
        </p>
      </div>
    </footer>
  );
}
