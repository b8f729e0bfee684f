/**
 * Hands antd App's context-aware `message` to the request wrapper while the account area is shown,
 * and restores the previous toast when it unmounts.
 */
import { useEffect } from 'react';
import { App } from 'antd';
import { configureRequest } from '../../api/request';

export function RequestToastBridge() {
  const { message } = App.useApp();
  useEffect(() => {
    const prev = configureRequest({
      toastError: (msg) => {
        void message.error(msg);
      },
    });
    return () => {
      configureRequest({ toastError: prev.toastError });
    };
  }, [message]);
  return null;
}
