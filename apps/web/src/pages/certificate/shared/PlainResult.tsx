/**
 * A light result block (title, optional detail, a home button) for the public pages' "not found"
 * and "failed to load" states, in plain markup instead of antd Result (whose illustrations weigh
 * ~11 KB gzip) to keep a first visit to a certificate small (issue 2 §8).
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './plainResult.css';

export interface PlainResultProps {
  /** 'notFound' shows a grey search mark, 'warning' an amber exclamation mark. */
  kind: 'notFound' | 'warning';
  title: string;
  detail?: ReactNode;
  /** Label of the link back to the home page; omitted → no link. */
  homeLabel?: string;
}

/** Centered icon, title, detail and a home link. */
export function PlainResult({ kind, title, detail, homeLabel }: PlainResultProps) {
  return (
    <div className={`plain-result plain-result-${kind}`} role="alert">
      <div className="plain-result-icon" aria-hidden>
        {kind === 'notFound' ? '?' : '!'}
      </div>
      <h1 className="plain-result-title">{title}</h1>
      {detail ? <div className="plain-result-detail">{detail}</div> : null}
      {homeLabel ? (
        <Link to="/" className="plain-result-home">
          {homeLabel}
        </Link>
      ) : null}
    </div>
  );
}
