/**
 * antd's theme and zh_CN locale for the parts of the app that use antd (issue 16: not in the entry).
 * Pages and layouts built with antd are wrapped in {@link AntdScope} through `page(…, { antd: true })`
 * of lazyPage.tsx (or render it themselves: AntdAppLayout, the announcement dialog); loading this module
 * also routes antd's static methods (message, Modal.confirm) through the same ConfigProvider
 * (`holderRender`), so a toast from code outside antd's App context is themed too (api/toast.ts).
 */
import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { theme } from '../theme';

ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider locale={zhCN} theme={theme}>
      {children}
    </ConfigProvider>
  ),
});

/** ConfigProvider with the site's theme and the zh_CN locale around `children`. */
export function AntdScope({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      {children}
    </ConfigProvider>
  );
}
