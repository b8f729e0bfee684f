/**
 * /queryAuthentication/notarial 公证书查询 (default tab; spec p2 §2, p1 §7 POST /api/check/checkGzsNo;
 * issue 12 §3): a notarial certificate number issued by online notarization (issue 15, notary module).
 * Until that module answers the call, every number is 公证书编号不存在 (api/query.ts checkGzsNo).
 */
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { checkGzsNo } from '../../../api/query';
import { formatDateTime } from '../../../utils/format';
import { ErrorLine, NumberForm } from './parts';

export default function Notarial() {
  const m = useMutation({ mutationFn: (no: string) => checkGzsNo(no) });
  const r = m.data;
  return (
    <section className="qa-panel" aria-label="公证书查询">
      <p className="qa-hint">输入在线公证出具的公证书编号，核验公证书的真实性及其公证的证据。</p>
      <NumberForm label="公证书编号" placeholder="请输入公证书编号" max={64} pending={m.isPending} requiredMsg={MSG.NOTARY_CERT_REQUIRED} onSubmit={(v) => m.mutate(v)} />
      {m.isError ? <ErrorLine>{m.error.message}</ErrorLine> : null}
      {r && !m.isPending ? (
        <div className="sk-result" data-testid="query-result">
          {r.valid === false ? <div className="qa-verdict qa-verdict-bad">该公证书已失效</div> : <div className="qa-verdict qa-verdict-ok">公证书编号有效</div>}
          <dl className="sk-dl" style={{ marginTop: 12 }}>
            <dt>公证书编号</dt>
            <dd className="sk-mono">{r.no}</dd>
            {r.title || r.notarial ? (
              <>
                <dt>公证事项</dt>
                <dd>{r.title || r.notarial}</dd>
              </>
            ) : null}
            {r.notaryOffice ? (
              <>
                <dt>公证机构</dt>
                <dd>{r.notaryOffice}</dd>
              </>
            ) : null}
            {r.issueTime ? (
              <>
                <dt>出证时间</dt>
                <dd>{formatDateTime(r.issueTime)}</dd>
              </>
            ) : null}
            {r.orderNo ? (
              <>
                <dt>公证订单号</dt>
                <dd className="sk-mono">{r.orderNo}</dd>
              </>
            ) : null}
            {r.baoquanList?.length ? (
              <>
                <dt>公证的证据</dt>
                <dd>
                  {r.baoquanList.map((b) => (
                    <div key={b}>
                      <Link to={`/queryAuthentication/keepSingle?no=${encodeURIComponent(b)}`} className="sk-mono">
                        {b}
                      </Link>
                    </div>
                  ))}
                </dd>
              </>
            ) : null}
          </dl>
        </div>
      ) : null}
    </section>
  );
}
