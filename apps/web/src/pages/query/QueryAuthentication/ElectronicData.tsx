/**
 * /queryAuthentication/electronicData 电子数据核验 (issue 12 §3): find the certificates of a piece of
 * electronic data by its digest — computed in the browser from a local file (SHA-256 and SM3; nothing
 * uploaded) or typed (64 hex digits, SHA-256 or SM3) — through POST /api/check/checkDigest.
 * Plain controls (components/light; issue 16: no antd on this page).
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { checkDigest, type CheckNoResult } from '../../../api/query';
import { Button } from '../../../components/light/controls';
import { ClearInput } from '../../../components/light/ClearInput';
import { RadioGroup } from '../../../components/light/RadioGroup';
import { FilePick } from './FilePick';
import { localDigest } from './localHash';
import { CHOOSE_FILE } from './MutualEvidence';
import { CertificateFacts, ErrorLine } from './parts';

type Algo = 'sha256' | 'sm3';
const ALGO_NAME: Record<Algo, string> = { sha256: 'SHA-256', sm3: 'SM3' };
const MODES: Array<{ value: 'file' | 'digest'; label: string }> = [
  { value: 'file', label: '本地文件' },
  { value: 'digest', label: '输入摘要值' },
];
const ALGOS: Array<{ value: Algo; label: string }> = [
  { value: 'sha256', label: 'SHA-256' },
  { value: 'sm3', label: 'SM3（国密）' },
];

export default function ElectronicData() {
  const [mode, setMode] = useState<'file' | 'digest'>('file');
  const [algo, setAlgo] = useState<Algo>('sha256');
  const [file, setFile] = useState<File | null>(null);
  const [digest, setDigest] = useState('');
  const [percent, setPercent] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const m = useMutation({
    mutationFn: async (v: { file?: File; digest?: string; algo: Algo }): Promise<{ digest: string; algo: Algo; list: CheckNoResult[] }> => {
      let d = v.digest ?? '';
      if (v.file) {
        setPercent(0);
        try {
          d = await localDigest(v.file, v.algo, setPercent);
        } finally {
          setPercent(null);
        }
      }
      return { digest: d, algo: v.algo, list: (await checkDigest(d, v.algo)).list };
    },
  });
  const submit = () => {
    if (mode === 'file') {
      if (!file) return setFormError(CHOOSE_FILE);
      setFormError(null);
      return m.mutate({ file, algo });
    }
    const d = digest.trim().toLowerCase();
    if (!/^[0-9a-f]{64}$/.test(d)) return setFormError(MSG.DIGEST_INVALID);
    setFormError(null);
    m.mutate({ digest: d, algo });
  };
  const r = m.data;
  return (
    <section className="qa-panel" aria-label="电子数据核验">
      <p className="qa-hint">按电子数据的摘要值查找保全证书：可选择本地文件由浏览器计算摘要（不上传），或直接输入 SHA-256 / SM3 摘要。</p>
      <RadioGroup buttons label="核验方式" value={mode} onChange={(v) => { setMode(v); setFormError(null); m.reset(); }} options={MODES} />
      <RadioGroup label="摘要算法" value={algo} onChange={(v) => { setAlgo(v); m.reset(); }} options={ALGOS} />
      {mode === 'file' ? (
        <div className="qa-file">
          <FilePick file={file} onFile={(f) => { setFile(f); setFormError(null); m.reset(); }} percent={percent} disabled={m.isPending} />
          <Button primary className="lf-btn-sm" loading={m.isPending} onClick={submit}>
            核验
          </Button>
        </div>
      ) : (
        <div className="sk-form">
          <ClearInput value={digest} maxLength={64} placeholder={`请输入64位${ALGO_NAME[algo]}摘要值`} aria-label="摘要值" className="sk-mono" onValue={(v) => { setDigest(v); setFormError(null); }} onEnter={submit} />
          <Button primary className="lf-btn-inline" loading={m.isPending} onClick={submit}>
            核验
          </Button>
        </div>
      )}
      {formError ? <ErrorLine>{formError}</ErrorLine> : null}
      {m.isError ? <ErrorLine>{m.error.message}</ErrorLine> : null}
      {r && !m.isPending ? (
        <div data-testid="digest-result">
          <p className="qa-hint">
            {ALGO_NAME[r.algo]}：<span className="sk-mono">{r.digest}</span>
          </p>
          {r.list.length === 0 ? (
            <div className="qa-verdict qa-verdict-bad" data-testid="digest-none">
              未找到该电子数据的保全证书
            </div>
          ) : (
            <div className="qa-list">
              <div className="qa-verdict qa-verdict-ok">找到 {r.list.length} 份保全证书，该电子数据自存证时起未被修改</div>
              {r.list.map((c) => (
                <CertificateFacts key={c.baoquan} r={c} />
              ))}
            </div>
          )}
        </div>
      ) : null}
    </section>
  );
}
