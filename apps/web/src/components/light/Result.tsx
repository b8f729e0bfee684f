/**
 * A result block for pages that paint without antd (issue 16): antd Result's layout (an illustration or
 * icon, a centred title and subtitle, then the actions) in plain markup, e.g. the 404 and 403 pages with
 * antd's own pictures ({@link NotFoundImage}, {@link ForbiddenImage}). Styles in result.css.
 */
import type { ReactNode } from 'react';
import './result.css';

export interface ResultProps {
  /** The picture above the title (antd's exception images are 250 × 295 px). */
  image: ReactNode;
  title: string;
  subTitle?: ReactNode;
  /** One primary action (antd Button type="primary", default size), e.g. 返回首页. */
  action?: { label: string; onClick: () => void };
}

/** Picture, title, subtitle and one primary button, centred. */
export function Result({ image, title, subTitle, action }: ResultProps) {
  return (
    <div className="lr-result">
      <div className="lr-result-image">{image}</div>
      <h1 className="lr-result-title">{title}</h1>
      {subTitle ? <div className="lr-result-subtitle">{subTitle}</div> : null}
      {action ? (
        <div className="lr-result-extra">
          <button type="button" className="lr-result-btn" onClick={action.onClick}>
            {action.label}
          </button>
        </div>
      ) : null}
    </div>
  );
}
