/** Fallback while a lazy page or layout loads: a CSS-only spinner (no UI-library code). */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="page-loading-dot" />
      <span className="visually-hidden">加载中…</span>
    </div>
  );
}
