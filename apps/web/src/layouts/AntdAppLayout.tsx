/**
 * Gives the account-side pages antd's App context (`App.useApp()` message and modal that follow the
 * theme) and hands that message to the request wrapper while they are shown. Lazy, so /home and the
 * public pages do not load it. Brings antd's theme and zh_CN locale too (antd/AntdScope.tsx; issue 16:
 * not in the entry).
 */
import { Outlet } from 'react-router';
import { App } from 'antd';
import { AntdScope } from '../antd/AntdScope';
import { RequestToastBridge } from './MainLayout/RequestToastBridge';

export default function AntdAppLayout() {
  return (
    <AntdScope>
      <App component={false}>
        <RequestToastBridge />
        <Outlet />
      </App>
    </AntdScope>
  );
}
