/**
 * The header under 768 px (spec p1 §1 mobile layout): logo, unread badge and a menu button that
 * opens a drawer with the account summary, the menu entries, help and login/logout.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Badge, Button, Drawer, Menu } from 'antd';
import { BellOutlined, MenuOutlined } from '@ant-design/icons';
import { BADGE_MAX } from '@cunzheng/contract/constants';
import { loginPath } from '../../api/request';
import { Logo } from '../../components/Logo';
import { useSession } from '../../stores/session';
import { accountName, formatPoints } from '../../utils/format';
import { HELP_PATH, useMenuItems } from './menu';
import { useLogout } from './useLogout';

export function MobileNav() {
  const [open, setOpen] = useState(false);
  const { token, userInfo } = useSession();
  const { items, selected } = useMenuItems();
  const location = useLocation();
  const navigate = useNavigate();
  const doLogout = useLogout();

  // Close the drawer whenever the page changes.
  useEffect(() => setOpen(false), [location.pathname, location.hash]);

  const allItems = [
    ...items,
    { key: '/attestation-all/data/download', label: <Link to="/attestation-all/data/download">批量下载</Link> },
    { key: HELP_PATH, label: <Link to={HELP_PATH}>帮助中心</Link> },
  ];

  return (
    <header className="app-header app-header-mobile">
      <div className="app-header-inner">
        <Logo compact />
        <div className="app-header-right">
          {token ? (
            <Link to="/notifications" className="app-header-link" aria-label="消息通知">
              <Badge count={userInfo?.newsNum ?? 0} overflowCount={BADGE_MAX} size="small">
                <BellOutlined className="app-header-bell" />
              </Badge>
            </Link>
          ) : null}
          <Button type="text" icon={<MenuOutlined />} aria-label="打开菜单" onClick={() => setOpen(true)} />
        </div>
      </div>
      <Drawer open={open} onClose={() => setOpen(false)} placement="right" size={280} title="菜单">
        {token ? (
          <div className="mobile-account">
            <div className="mobile-account-name">{accountName(userInfo)}</div>
            <div className="mobile-account-points">
              可用积分 <strong>{formatPoints(userInfo?.points)}</strong>
            </div>
          </div>
        ) : null}
        <Menu mode="inline" items={allItems} selectedKeys={selected} style={{ borderInlineEnd: 'none' }} />
        <div className="mobile-actions">
          {token ? (
            <Button block danger onClick={() => void doLogout()}>
              退出登录
            </Button>
          ) : (
            <>
              <Button block type="primary" onClick={() => navigate(loginPath(`${location.pathname}${location.search}`))}>
                登录
              </Button>
              <Button block onClick={() => navigate('/register')}>
                注册
              </Button>
            </>
          )}
        </div>
      </Drawer>
    </header>
  );
}
