/**
 * Toasts for code outside antd's App context (the request wrapper's fallback, the header's logout):
 * antd's static `message`, themed through ConfigProvider's holderRender (set by antd/AntdScope.tsx, imported here), loaded on first
 * use so the entry chunk does not carry the message component.
 */
import { message } from 'antd';
import '../antd/AntdScope';

/** Shows an error toast. */
export function showError(msg: string): void {
  void message.error(msg);
}

/** Shows a success toast. */
export function showSuccess(msg: string): void {
  void message.success(msg);
}

/** Shows an information toast. */
export function showInfo(msg: string): void {
  void message.info(msg);
}
