/**
 * /dama/{id} — the landing page of the QR code printed on paper certificates (spec p2 §2 public route;
 * issue 12 §3), laid out for a phone: `id` is the certificate number (保全号) printed beside the code. It
 * resolves the number through POST /api/check/checkNo and shows the essentials with the way on to the
 * kind's full certificate and the ledger explorer; an unknown number says 保全号不存在.
 */
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { checkNo } from '../../../api/query';
import { formatDateTime, formatSize } from '../../../utils/format';
import './dama.css';

export default function Dama() {
  const id = (useParams().id ?? '').slice(0, 32);
  const q = useQuery({ queryKey: ['check/checkNo', id], queryFn: () => checkNo(id), retry: false, enabled: id !== '' });
  const r = q.data;
  return (
    <main className="dama" lang="zh-CN">
      <header className="dama-head">
        <div className="dama-brand">存证 · 保全证书核验</div>
      </header>
      {q.isPending ? <p className="dama-wait">正在查询证书…</p> : null}
      {q.isError ? (
        <section className="dama-card dama-bad" role="alert" data-testid="query-error">
          <h1>{q.error.message}</h1>
          <p>请核对纸质证书上的保全号，或前往证书查询页手动输入。</p>
          <Link to="/queryAuthentication/keepSingle" className="dama-btn dama-btn-ghost">
            证书查询
          </Link>
        </section>
      ) : null}
      {r ? (
        <section className="dama-card" data-testid="query-result">
          <div className="dama-ok">✓ 证书有效，已记录在公开账本中</div>
          <h1 className="dama-title">{r.title || r.fileName}</h1>
          <dl className="dama-dl">
            <dt>保全号</dt>
            <dd className="dama-mono">{r.baoquan}</dd>
            <dt>证据类型</dt>
            <dd>{r.kindName}</dd>
            <dt>存证时间</dt>
            <dd>{formatDateTime(r.saveTime)}</dd>
            <dt>文件大小</dt>
            <dd>{formatSize(r.size)}</dd>
            <dt>SHA-256</dt>
            <dd className="dama-mono">{r.sha256}</dd>
          </dl>
          {r.deleted === 1 ? <p className="dama-note">所有者已删除该证据文件，账本记录与证书仍可核验。</p> : null}
          <Link to={r.certificatePath} className="dama-btn">
            查看完整保全证书
          </Link>
          <Link to={`/ledger/${r.chainhash}`} className="dama-btn dama-btn-ghost">
            在账本浏览器中核验
          </Link>
        </section>
      ) : null}
    </main>
  );
}
