/**
 * Renders a {@link Doc}: heading, optional update date (the privacy-policy date from GET /api/home/index,
 * spec p2 §9), a table of contents and the sections. Plain markup (no UI library).
 */
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { HOME_INDEX_KEY, homeIndex } from '../../../api/account';
import type { Block, Doc } from './doc';
import './public.css';

function BlockView({ b }: { b: Block }) {
  if (typeof b === 'string') return <p>{b}</p>;
  if ('list' in b)
    return (
      <ul>
        {b.list.map((x) => (
          <li key={x}>{x}</li>
        ))}
      </ul>
    );
  if ('note' in b) return <p className="doc-note">{b.note}</p>;
  return (
    <div className="doc-table-wrap">
      <table className="doc-table">
        <thead>
          <tr>
            {b.table.head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {b.table.rows.map((r) => (
            <tr key={r.join('|')}>
              {r.map((c, i) => (
                <td key={i} data-label={b.table.head[i]}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function DocView({ doc }: { doc: Doc }) {
  const home = useQuery({ queryKey: HOME_INDEX_KEY, queryFn: homeIndex, staleTime: Infinity, retry: false, enabled: doc.dated === true }).data;
  return (
    <div className="doc-page">
      <article className="doc">
        <header className="doc-head">
          <h1>{doc.title}</h1>
          {doc.dated && home?.privacyUpdatedAt ? <p className="doc-date">更新日期：{home.privacyUpdatedAt}</p> : null}
          {doc.lead ? <p className="doc-lead">{doc.lead}</p> : null}
        </header>
        {doc.sections.length > 3 ? (
          <nav className="doc-toc" aria-label="目录">
            <strong>目录</strong>
            <ol>
              {doc.sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.title}</a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        {doc.sections.map((s) => (
          <section key={s.id} id={s.id} className="doc-section">
            <h2>{s.title}</h2>
            {s.blocks.map((b, i) => (
              <BlockView key={i} b={b} />
            ))}
          </section>
        ))}
        {doc.related?.length ? (
          <footer className="doc-related">
            <strong>相关文档</strong>
            {doc.related.map((r) => (
              <Link key={r.to} to={r.to}>
                {r.label}
              </Link>
            ))}
          </footer>
        ) : null}
      </article>
    </div>
  );
}
