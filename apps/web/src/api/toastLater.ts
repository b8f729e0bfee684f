/**
 * Shows a toast without importing antd eagerly: loads ./toast (antd's static message) on first use.
 * For code in the entry chunk (the request wrapper's fallback, the header's logout).
 */
export function toastLater(kind: 'error' | 'success' | 'info', msg: string): void {
  void import('./toast').then((t) => (kind === 'error' ? t.showError : kind === 'success' ? t.showSuccess : t.showInfo)(msg));
}
