/**
 * 法律法规与操作指南 of /helpCenter (issue 12 §3; spec p1 §7 GET /api/Education, POST /api/Education/downPdf):
 * the evidence-law excerpts and how-to guides served by the API, each readable in place (details) and
 * downloadable as a PDF (signed, expiring link). Plain markup like the rest of the page.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { educationPdf, getEducation, type Article } from '../../../api/query';
import { startDownload } from '../../certificate/shared/download';

function ArticleItem({ a }: { a: Article }) {
  const [busy, setBusy] = useState(false);
  const pdf = async () => {
    setBusy(true);
    try {
      const { downUrl } = await educationPdf(a.id);
      startDownload(downUrl);
    } catch {
      // The request wrapper showed the error.
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="help-item" id={`article-${a.id}`} data-testid="help-article">
      <summary>
        <span>{a.title}</span>
      </summary>
      <div className="help-answer">
        {a.source ? <p className="help-article-source">来源：{a.source}</p> : null}
        <p>
          <strong>{a.summary}</strong>
        </p>
        {a.sections.map((s) => (
          <div key={s.heading}>
            <p className="help-article-h">{s.heading}</p>
            {s.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        ))}
        <p>
          <button type="button" className="help-cat" onClick={() => void pdf()} disabled={busy}>
            {busy ? '正在生成…' : '下载 PDF'}
          </button>
        </p>
      </div>
    </details>
  );
}

export function HelpArticles() {
  const q = useQuery({ queryKey: ['Education'], queryFn: getEducation, staleTime: 10 * 60_000 });
  if (!q.data) return null;
  const groups = ['法律法规', '操作指南'].map((c) => ({ c, list: q.data.list.filter((a) => a.category === c) })).filter((g) => g.list.length > 0);
  return (
    <section className="help-articles" aria-label="法律法规与操作指南">
      {groups.map((g) => (
        <div key={g.c}>
          <h2 className="help-articles-h">{g.c}</h2>
          {g.list.map((a) => (
            <ArticleItem key={a.id} a={a} />
          ))}
        </div>
      ))}
    </section>
  );
}
