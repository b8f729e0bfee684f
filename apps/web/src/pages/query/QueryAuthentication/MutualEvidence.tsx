/**
 * /queryAuthentication/mutualEvidence 文件比对核验 (issue 12 §3): choose a local file and type a certificate
 * number; the file's SHA-256 is computed in the browser (never uploaded) and compared with the certificate's
 * (POST /api/check/checkNo): 一致 — the file is exactly the preserved evidence; 不一致 — it differs.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { checkNo, type CheckNoResult } from '../../../api/query';
import { Button } from '../../../components/light/controls';
import { ClearInput } from '../../../components/light/ClearInput';
import { FilePick } from './FilePick';
import { localDigest } from './localHash';
import { CertificateFacts, ErrorLine } from './parts';

/** Chosen-file message (ours): asked before comparing without a file. */
export const CHOOSE_FILE = '请选择要比对的本地文件';

export default function MutualEvidence() {
  const [file, setFile] = useState<File | null>(null);
  const [no, setNo] = useState('');
  const [percent, setPercent] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const m = useMutation({
    mutationFn: async (v: { file: File; no: string }): Promise<{ cert: CheckNoResult; sha256: string }> => {
      const cert = await checkNo(v.no);
      setPercent(0);
      try {
        return { cert, sha256: await localDigest(v.file, 'sha256', setPercent) };
      } finally {
        setPercent(null);
      }
    },
  });
  const submit = () => {
    if (!file) return setFormError(CHOOSE_FILE);
    if (!no.trim()) return setFormError(MSG.BAOQUAN_REQUIRED);
    setFormError(null);
    m.mutate({ file, no: no.trim() });
  };
  const r = m.data;
  const same = r ? r.sha256 === r.cert.sha256 : false;
  return (
    <section className="qa-panel" aria-label="文件比对">
      <p className="qa-hint">选择您手中的文件并输入保全号：在浏览器中计算文件的 SHA-256，与保全证书记录的摘要比对，判断文件是否与存证时完全一致。</p>
      <FilePick file={file} onFile={(f) => { setFile(f); setFormError(null); m.reset(); }} percent={percent} disabled={m.isPending} />
      <div className="sk-form">
        <ClearInput value={no} maxLength={32} placeholder="请输入保全号" aria-label="保全号" onValue={(v) => { setNo(v); setFormError(null); }} onEnter={submit} />
        <Button primary className="lf-btn-inline" loading={m.isPending} onClick={submit}>
          比对
        </Button>
      </div>
      {formError ? <ErrorLine>{formError}</ErrorLine> : null}
      {m.isError ? <ErrorLine>{m.error.message}</ErrorLine> : null}
      {r && !m.isPending ? (
        <>
          <div className={`qa-verdict ${same ? 'qa-verdict-ok' : 'qa-verdict-bad'}`} data-testid="mutual-verdict">
            {same ? '比对一致：该文件与保全证书记录的证据完全相同。' : '比对不一致：该文件与保全证书记录的证据不同（文件可能被修改过，或不是该证书的证据）。'}
          </div>
          <CertificateFacts
            r={r.cert}
            extra={
              <>
                <dt>本地文件SHA-256</dt>
                <dd className="sk-mono">{r.sha256}</dd>
              </>
            }
          />
        </>
      ) : null}
    </section>
  );
}
