/**
 * /setting 基本设置 (spec p1 §2, §5): the tab 证据提取码; the change-password tab exists but is hidden
 * from the tab bar — /setting?tab=password opens it (and only then shows its tab).
 */
import type React from 'react';
import { useSearchParams } from 'react-router';
import { Card, Tabs } from 'antd';
import { UI } from '@cunzheng/contract/messages';
import { useSession } from '../../../stores/session';
import { ExtractCodeTab } from './ExtractCodeTab';
import { PasswordTab } from './PasswordTab';
import '../shared/account.css';

/** The hidden tab's key in the `tab` query parameter. */
export const PASSWORD_TAB = 'password';

export default function SettingPage() {
  const [params, setParams] = useSearchParams();
  const { userInfo } = useSession();
  const passwordOpen = params.get('tab') === PASSWORD_TAB;

  const items: { key: string; label: string; children: React.ReactNode }[] = [{ key: 'extract', label: UI.TAB_EXTRACT_CODE, children: <ExtractCodeTab userInfo={userInfo} /> }];
  if (passwordOpen) items.push({ key: PASSWORD_TAB, label: '修改密码', children: <PasswordTab /> });

  return (
    <div className="page">
      <div className="page-head">
        <div>
          <h1>基本设置</h1>
          <p>管理证据提取码等账号设置</p>
        </div>
      </div>
      <Card size="small">
        <Tabs
          activeKey={passwordOpen ? PASSWORD_TAB : 'extract'}
          items={items}
          onChange={(k) => setParams(k === PASSWORD_TAB ? { tab: PASSWORD_TAB } : {}, { replace: true })}
        />
      </Card>
    </div>
  );
}
