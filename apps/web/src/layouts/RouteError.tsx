/**
 * Shown when a route fails to render or its code cannot be loaded (e.g. a new deployment replaced
 * the chunk): a short Chinese note with reload and home links. Plain markup.
 */
import { isRouteErrorResponse, useRouteError } from 'react-router';

export function RouteError() {
  const err = useRouteError();
  const notFound = isRouteErrorResponse(err) && err.status === 404;
  return (
    <div className="route-error">
      <h1>{notFound ? '页面不存在' : '页面加载失败'}</h1>
      <p>{notFound ? 'Sorry, the page you visited does not exist.' : '页面加载出错，可能是网络不稳定或网站刚刚更新，请刷新重试。'}</p>
      <p>
        <button type="button" onClick={() => window.location.reload()}>
          刷新页面
        </button>
        <a href="/home">返回首页</a>
      </p>
    </div>
  );
}
