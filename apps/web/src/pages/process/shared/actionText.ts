/**
 * How one entry of a session's action log reads in Chinese (issue 11 §2; `ZProAction` of
 * @cunzheng/contract/process), and the helpers of the video beside it.
 */
import type { TProAction } from '@cunzheng/contract/process';

/** Names of the action kinds. */
export const ACTION_LABEL: Readonly<Record<TProAction['kind'], string>> = {
  start: '开始',
  navigate: '打开网址',
  click: '点击',
  input: '输入',
  key: '按键',
  scroll: '滚动',
  touch: '触摸',
  back: '后退',
  forward: '前进',
  reload: '刷新',
  end: '结束',
  interrupt: '中断',
};

/** Why a session ended (the `detail` of `end` / `interrupt` entries, the server's EndReason). */
export const END_REASON: Readonly<Record<string, string>> = {
  stop: '用户结束取证',
  max: '达到最长取证时长',
  idle: '长时间无操作',
  disconnected: '连接断开',
  crashed: '浏览器异常退出',
  cancel: '用户取消',
};

/** The detail column of an action (address, typed text, key, target …); '' when there is nothing to add. */
export function actionDetail(a: TProAction): string {
  switch (a.kind) {
    case 'navigate':
      return `${a.by === 'user' ? '（地址栏）' : ''}${a.url ?? ''}`;
    case 'click':
    case 'touch':
      return [a.target, a.x !== undefined && a.y !== undefined ? `(${Math.round(a.x)}, ${Math.round(a.y)})` : ''].filter(Boolean).join(' ');
    case 'input':
      return a.text ?? '';
    case 'key':
      return a.key ?? '';
    case 'scroll':
      return `${a.deltaY !== undefined && a.deltaY < 0 ? '向上' : '向下'} ${Math.abs(Math.round(a.deltaY ?? 0))} px`;
    case 'end':
    case 'interrupt':
      return END_REASON[a.detail ?? ''] ?? a.detail ?? '';
    default:
      return a.detail ?? a.url ?? '';
  }
}

/** `mm:ss.d` of a time in ms since the session started (the video's time axis). */
export function videoTime(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  const m = Math.floor(s / 60);
  return `${String(m).padStart(2, '0')}:${(s - m * 60).toFixed(1).padStart(4, '0')}`;
}

/** Index of the last action at or before `ms` (the row the video is at); -1 before the first. */
export function activeIndex(actions: readonly Pick<TProAction, 't'>[], ms: number): number {
  let lo = 0;
  let hi = actions.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (actions[mid]!.t <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}
