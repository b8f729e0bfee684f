/**
 * The header of spec p2 §2: logo, menu (entries of the route table that exist), help link, unread
 * badge (max 99, hidden at 0), available points (thousands separators, 2 decimals), account name
 * with a drop-down and logout. Logged out it shows 注册 and 登录. Under 768 px the menu moves into
 * a drawer (MobileNav).
 */
import { Link, useLocation, useNavigate } from 'react-router';
import { Badge, Button, Dropdown, Grid, Menu, type MenuProps } from 'antd';
import { BellOutlined, DownOutlined, QuestionCircleOutlined, UserOutlined } from '@ant-design/icons';
import { BADGE_MAX } from '@cunzheng/contract/constants';
import { loginPath } from '../../api/request';
import { Logo } from '../../components/Logo';
import { useSession } from '../../stores/session';
import { accountName, formatPoints } from '../../utils/format';
import { HELP_PATH, useMenuItems } from './menu';
import { MobileNav } from './MobileNav';
import { useLogout } from './useLogout';

export function AppHeader() {
  const { md } = Grid.useBreakpoint();
  const { token, userInfo } = useSession();
  const { items, selected } = useMenuItems();
  const navigate = useNavigate();
  const location = useLocation();
  const doLogout = useLogout();
  const here = `${location.pathname}${location.search}`;

  if (!md) return <MobileNav />;

  const accountMenu: MenuProps = {
    items: [
      { key: '/attestation-all/data', label: '数据存证' },
      { key: '/attestation-all/data/download', label: '批量下载' },
      { type: 'divider' },
      { key: 'logout', label: '退出登录', danger: true },
    ],
    onClick: ({ key }) => {
      if (key === 'logout') void doLogout();
      else navigate(key);
    },
  };

  return (
    <header className="app-header">
      <div className="app-header-inner">
        <Logo />
        <Menu mode="horizontal" items={items} selectedKeys={selected} className="app-menu" disabledOverflow />
        <div className="app-header-right">
          <Link to={HELP_PATH} className="app-header-link">
            <QuestionCircleOutlined /> 帮助中心
          </Link>
          {token ? (
            <>
              <Link to="/notifications" className="app-header-link" aria-label="消息通知">
                <Badge count={userInfo?.newsNum ?? 0} overflowCount={BADGE_MAX} size="small">
                  <BellOutlined className="app-header-bell" />
                </Badge>
              </Link>
              <span className="app-header-points" title="可用积分">
                可用积分 <strong>{formatPoints(userInfo?.points)}</strong>
              </span>
              <Dropdown menu={accountMenu} placement="bottomRight" trigger={['hover', 'click']}>
                <button type="button" className="app-header-account">
                  <UserOutlined /> <span className="app-header-account-name">{accountName(userInfo)}</span> <DownOutlined />
                </button>
              </Dropdown>
            </>
          ) : (
            <>
              <Button onClick={() => navigate('/register')}>注册</Button>
              <Button type="primary" onClick={() => navigate(loginPath(here))}>
                登录
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
