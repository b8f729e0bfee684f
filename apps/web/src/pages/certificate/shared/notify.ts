/**
 * Toasts of the public pages, loaded on demand (`import('./notify')`) so antd's message component
 * is not part of a first visit to a certificate (issue 2 §8 size aim).
 */
import { message } from 'antd';
import '../../../antd/AntdScope'; // the site's theme for the static message (holderRender)

/** Shows a warning toast. */
export function warn(msg: string): void {
  void message.warning(msg);
}

/** Shows a success toast. */
export function success(msg: string): void {
  void message.success(msg);
}
