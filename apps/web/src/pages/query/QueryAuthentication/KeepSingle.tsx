/**
 * /queryAuthentication/keepSingle 单证核验 (issue 12 §3): any certificate number of any kind (data, web,
 * process, music, app) through POST /api/check/checkNo; the result names the kind and links to its own
 * certificate page. 400 请输入保全号 / 保全号不存在 shown under the form.
 */
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { checkNo } from '../../../api/query';
import { CertificateFacts, ErrorLine, NumberForm } from './parts';

export default function KeepSingle() {
  const m = useMutation({ mutationFn: (no: string) => checkNo(no) });
  // ?no= (e.g. from a notarial certificate's evidence list) fills the form and runs the check once.
  const [params] = useSearchParams();
  const initial = (params.get('no') ?? '').slice(0, 32);
  const { mutate } = m;
  useEffect(() => {
    if (initial) mutate(initial);
  }, [initial, mutate]);
  return (
    <section className="qa-panel" aria-label="单证核验">
      <p className="qa-hint">输入任意类型证书上的保全号（数据保全、网页取证、过程取证、音乐存证、App 取证），查询存证信息并核验账本记录。</p>
      <NumberForm label="保全号" placeholder="请输入保全号" max={32} pending={m.isPending} requiredMsg={MSG.BAOQUAN_REQUIRED} initial={initial} onSubmit={(v) => m.mutate(v)} />
      {m.isError ? <ErrorLine>{m.error.message}</ErrorLine> : null}
      {m.data && !m.isPending ? <CertificateFacts r={m.data} /> : null}
    </section>
  );
}
