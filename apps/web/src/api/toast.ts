/**
 * The request wrapper's fallback error toast (antd's static `message`), loaded on first use so the
 * entry chunk does not carry the message component. The account area installs antd App's
 * context-aware toast instead (layouts/MainLayout).
 */
import { message } from 'antd';

/** Shows an error toast. */
export function showError(msg: string): void {
  void message.error(msg);
}
