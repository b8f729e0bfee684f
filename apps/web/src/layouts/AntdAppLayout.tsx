/**
 * Gives the account-side pages antd's App context (`App.useApp()` message and modal that follow the
 * theme) and hands that message to the request wrapper while they are shown. Lazy, so /home and the
 * public pages do not load it.
 */
import { Outlet } from 'react-router';
import { App } from 'antd';
import { RequestToastBridge } from './MainLayout/RequestToastBridge';

export default function AntdAppLayout() {
  return (
    <App component={false}>
      <RequestToastBridge />
      <Outlet />
    </App>
  );
}
