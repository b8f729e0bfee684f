/**
 * Route /verify — public verification, no login (issue 3 §4; DESIGN.md Trust design §5):
 * - 按文件核验: drop a file; its SHA-256 is computed in this browser (WebCrypto, or streamed in chunks
 *   for large files) and never uploaded; GET /api/verify?sha256= lists the certificates of that hash.
 * - 按哈希核验: paste a SHA-256.
 * - 按保全号核验: a certificate number; its ledger proof is fetched.
 * - 核验证据包: drop an evidence package zip; the whole package is verified here (verifyPackage).
 * Every ledger proof and checkpoint signature is verified in the browser by @cunzheng/verify, the same
 * code as the `cunzheng-verify` CLI. `?tab=file|hash|no|package` opens a tab; `?sha256=` / `?no=` fill it.
 * Plain controls (components/light), no antd: the page paints with the entry and its own chunk (issue 16).
 */
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { MSG } from '@cunzheng/contract/messages';
import { ApiError } from '../../../api/request';
import { lookupSha256 } from '../../../api/verify';
import { formatSize } from '../../../utils/format';
import { Button } from '../../../components/light/controls';
import { ClearInput } from '../../../components/light/ClearInput';
import { KeyTabs } from '../../../components/light/KeyTabs';
import { ProgressBar } from '../../../components/light/ProgressBar';
import type { CertResult } from './checks';
import { CertResults } from './CertResults';
import { DropZone } from './DropZone';
import { PackageReport } from './PackageReport';
import './verify.css';

const HEX64 = /^[0-9a-fA-F]{64}$/;
const TABS = ['file', 'hash', 'no', 'package'] as const;
type Tab = (typeof TABS)[number];

/**
 * The verification code (checks.ts and @cunzheng/verify: ledger proofs, signatures, zip, CMS …) comes
 * in its own chunk, asked for as soon as the page has rendered, so the page paints without waiting for
 * it (issue 16) and every check still runs in this browser, also when the network drops afterwards.
 */
const loadChecks = () => import('./checks');

/** The Chinese message of a failed call (network failure when not an ApiError). */
const messageOf = (e: unknown) => (e instanceof ApiError ? e.msg : MSG.NETWORK_FAILURE);

/** Looks up and verifies the certificates of a hash. */
async function byHash(sha256: string): Promise<{ sha256: string; results: CertResult[] }> {
  const [{ list }, { checkCertificates }] = await Promise.all([lookupSha256(sha256), loadChecks()]);
  return { sha256, results: await checkCertificates(list, sha256) };
}

/** Percentage 0–100 of done/total. */
const pct = (done: number, total: number) => (total > 0 ? Math.min(100, Math.floor((done * 100) / total)) : 100);

/** The hashing / checking progress line, full width (antd Progress size small). */
const Busy = ({ percent }: { percent: number }) => (
  <div className="vf-progress">
    <ProgressBar percent={percent} width="100%" label="核验进度" />
  </div>
);

/** A tab label, long on wide screens and short below 768 px (CSS: no re-render, no shift). */
const label = (long: string, short: string) => (
  <>
    <span className="vf-tab-long">{long}</span>
    <span className="vf-tab-short">{short}</span>
  </>
);

function FileTab() {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const m = useMutation({
    mutationFn: async (f: File) => {
      const { hashBlob } = await loadChecks();
      return byHash(await hashBlob(f, (d, t) => setProgress(pct(d, t))));
    },
  });
  const onFile = (f: File) => {
    setFile(f);
    setProgress(0);
    m.mutate(f);
  };
  return (
    <div>
      <DropZone prompt="将文件拖到此处，或点击选择文件" hint="文件只在您的浏览器中计算 SHA-256，不会上传" onFile={onFile} disabled={m.isPending} testId="verify-file-drop" />
      {file && (
        <div className="vf-file">
          <span className="vf-file-name">{file.name}</span>
          <span className="vf-muted">{formatSize(file.size)}</span>
        </div>
      )}
      {m.isPending && <Busy percent={progress} />}
      {m.isError && <div className="vf-error" role="alert">{messageOf(m.error)}</div>}
      {m.data && (
        <>
          <div className="vf-hash">
            <span className="vf-muted">文件SHA-256</span>
            <span className="vf-mono" data-testid="verify-file-sha256">{m.data.sha256}</span>
          </div>
          <CertResults results={m.data.results} byHash />
        </>
      )}
    </div>
  );
}

function HashTab({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const m = useMutation({ mutationFn: byHash });
  const submit = () => {
    const v = value.trim();
    if (!v) return setError(MSG.SHA256_REQUIRED);
    if (!HEX64.test(v)) return setError(MSG.SHA256_FORMAT);
    setError(null);
    m.mutate(v.toLowerCase());
  };
  return (
    <div>
      <div className="vf-form">
        <ClearInput value={value} maxLength={64} placeholder="请粘贴文件的 SHA-256 哈希值（64位十六进制）" aria-label="SHA-256" invalid={!!error} onValue={setValue} onEnter={submit} className="vf-mono-input" />
        <Button primary className="lf-btn-inline" loading={m.isPending} onClick={submit}>
          核验
        </Button>
      </div>
      <p className="vf-muted vf-tip">可用 sha256sum（Linux）、shasum -a 256（macOS）或 certutil -hashfile 文件 SHA256（Windows）计算。</p>
      {(error || m.isError) && <div className="vf-error" role="alert">{error ?? messageOf(m.error)}</div>}
      {m.data && !error && <CertResults results={m.data.results} byHash />}
    </div>
  );
}

function NoTab({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const m = useMutation({ mutationFn: async (no: string) => (await loadChecks()).checkBaoquan(no) });
  const submit = () => {
    const v = value.trim();
    if (!v) return setError(MSG.BAOQUAN_REQUIRED);
    setError(null);
    m.mutate(v);
  };
  return (
    <div>
      <div className="vf-form">
        <ClearInput value={value} maxLength={32} placeholder="请输入保全号" aria-label="保全号" invalid={!!error} onValue={setValue} onEnter={submit} />
        <Button primary className="lf-btn-inline" loading={m.isPending} onClick={submit}>
          核验
        </Button>
      </div>
      {(error || m.isError) && <div className="vf-error" role="alert">{error ?? messageOf(m.error)}</div>}
      {m.data && !error && <CertResults results={[m.data]} byHash={false} />}
    </div>
  );
}

/** Witness keys pasted one per line (cosignature/v1 verifier keys), blank lines ignored. */
const witnessKeys = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

function PackageTab() {
  const [name, setName] = useState('');
  const [progress, setProgress] = useState(0);
  const [keys, setKeys] = useState('');
  const [quorum, setQuorum] = useState('');
  const policy = () => {
    const list = witnessKeys(keys);
    const q = Number(quorum) > 0 ? Math.floor(Number(quorum)) : list.length;
    return list.length ? { keys: list, quorum: q } : undefined;
  };
  const m = useMutation({ mutationFn: async (f: File) => (await loadChecks()).checkPackage(f, (d, t) => setProgress(pct(d, t)), policy()) });
  return (
    <div>
      <details className="vf-witness">
        <summary>见证策略（可选）：要求检查点由您信任的见证人联署</summary>
        <textarea className="lf-input lf-middle vf-textarea" rows={2} maxLength={4000} value={keys} onChange={(e) => setKeys(e.target.value)} placeholder="见证人公钥（cosignature/v1），每行一个" aria-label="见证人公钥" />
        <input className="lf-input lf-middle vf-quorum" value={quorum} maxLength={3} onChange={(e) => setQuorum(e.target.value.replace(/\D/g, ''))} placeholder="至少联署数（默认：全部）" aria-label="至少联署数" />
      </details>
      <DropZone prompt="将证据包（.zip）拖到此处，或点击选择" hint="在浏览器中逐项核验文件哈希、账本证明、检查点签名、时间戳、证书签名和区块链锚定，证据包不会上传" accept=".zip,application/zip" onFile={(f) => { setName(f.name); setProgress(0); m.mutate(f); }} disabled={m.isPending} testId="verify-package-drop" />
      {m.isPending && <Busy percent={progress} />}
      {m.isError && <div className="vf-error" role="alert">{messageOf(m.error)}</div>}
      {m.data && <PackageReport report={m.data.report} pinned={m.data.pinned} name={name} />}
      <p className="vf-muted vf-tip">
        也可以离线核验：解压后按证据包中的 VERIFY.md 使用 sha256sum、openssl、pdfsig 等公开工具，或运行证据包自带的核验程序 <code>node verify.mjs .</code>（无 Node.js 时用 <code>python3 verify.py</code>）。
      </p>
    </div>
  );
}

/** Default export for React.lazy in the route table. */
export default function VerifyPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as Tab | null;
  const tab: Tab = asked && TABS.includes(asked) ? asked : params.get('sha256') ? 'hash' : params.get('no') ? 'no' : 'file';
  useEffect(() => {
    void loadChecks().catch(() => undefined); // a failed load is retried by the first check, which reports it
  }, []);
  return (
    <div className="vf-page" lang="zh-CN">
      <h1 className="vf-title">证据核验</h1>
      <p className="vf-intro">
        无需登录。用文件、SHA-256、保全号或证据包核验保全证书：账本包含证明和检查点签名都在您的浏览器中独立计算，不依赖服务器的判断；文件不会上传。
        也可在<Link to="/queryAuthentication/safekeeping">证书查询</Link>中按保全号查看证书。
      </p>
      <KeyTabs
        activeKey={tab}
        onChange={(k) => setParams({ tab: k }, { replace: true })}
        items={[
          { key: 'file', label: label('按文件核验', '文件'), children: <FileTab /> },
          { key: 'hash', label: label('按哈希核验', '哈希'), children: <HashTab initial={params.get('sha256') ?? ''} /> },
          { key: 'no', label: label('按保全号核验', '保全号'), children: <NoTab initial={params.get('no') ?? ''} /> },
          { key: 'package', label: label('核验证据包', '证据包'), children: <PackageTab /> },
        ]}
      />
    </div>
  );
}
