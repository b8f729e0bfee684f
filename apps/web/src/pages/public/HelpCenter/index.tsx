/**
 * /helpCenter 帮助中心 (spec p2 §2): searchable questions and answers about deposit, certificates,
 * extraction codes, verification with public tools, the ledger, web capture, account security and
 * pricing, then the evidence-law articles and how-to guides of GET /api/Education with their PDFs
 * (Articles.tsx, issue 12 §3). The search box filters as one types (terms separated by spaces must all match) and
 * highlights the terms; category buttons narrow the list; `#id` opens one answer. Plain markup.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { HELP, HELP_CATEGORIES, type HelpCategory } from './content';
import { highlightParts, searchHelp } from './search';
import { HelpArticles } from './Articles';
import '../shared/public.css';

function Highlight({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((p, i) =>
        p.hit ? (
          <mark key={i} className="help-hit">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}

export default function HelpCenterPage() {
  const location = useLocation();
  const [query, setQuery] = useState('');
  const [cat, setCat] = useState<HelpCategory | null>(null);
  const target = decodeURIComponent(location.hash.slice(1));
  const results = useMemo(() => searchHelp(HELP, query, cat), [query, cat]);

  useEffect(() => {
    if (target) document.getElementById(target)?.scrollIntoView({ block: 'start' });
  }, [target]);

  return (
    <div className="help">
      <section className="pub-hero">
        <h1>帮助中心</h1>
        <p>存证、证书、提取码和核验的常见问题</p>
        <form className="help-search" role="search" onSubmit={(e) => e.preventDefault()}>
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="搜索问题，例如：提取码、时间戳、删除" aria-label="搜索帮助" maxLength={50} />
        </form>
      </section>
      <div className="pub-page">
        <div className="help-cats" role="group" aria-label="问题分类">
          <button type="button" className="help-cat" aria-pressed={cat === null} onClick={() => setCat(null)}>
            全部
          </button>
          {HELP_CATEGORIES.map((c) => (
            <button key={c} type="button" className="help-cat" aria-pressed={cat === c} onClick={() => setCat(cat === c ? null : c)}>
              {c}
            </button>
          ))}
        </div>
        <p className="help-count" aria-live="polite">
          {query.trim() ? `找到 ${results.length} 个相关问题` : `共 ${results.length} 个问题`}
        </p>
        {results.length === 0 ? (
          <div className="help-empty">
            没有找到与“{query.trim()}”相关的问题。可以换个关键词，或查看
            <Link to="/clause">存证服务规则</Link>。
          </div>
        ) : (
          results.map((it) => (
            <details key={it.id} id={it.id} className="help-item" open={it.id === target || (query.trim() !== '' && results.length <= 5)}>
              <summary>
                <span>
                  <Highlight text={it.q} query={query} />
                </span>
              </summary>
              <div className="help-answer">
                {it.a.map((p) => (
                  <p key={p}>
                    <Highlight text={p} query={query} />
                  </p>
                ))}
                {it.code?.map((c) => (
                  <p key={c}>
                    <code>{c}</code>
                  </p>
                ))}
              </div>
            </details>
          ))
        )}
        <HelpArticles />
      </div>
    </div>
  );
}
