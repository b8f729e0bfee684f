/**
 * A local file chooser for the query tabs (issue 12 §3): the file stays in the browser (only its digest is
 * computed); shows the name and size, and the hashing progress while it runs. Plain controls
 * (components/light; issue 16: no antd on the query pages).
 */
import { FilePicker } from '../../../components/light/FilePicker';
import { ProgressBar } from '../../../components/light/ProgressBar';
import { formatSize } from '../../../utils/format';

export function FilePick({ file, onFile, percent, disabled }: { file: File | null; onFile: (f: File) => void; percent: number | null; disabled?: boolean }) {
  return (
    <div className="qa-file">
      <FilePicker onFile={onFile} disabled={disabled}>
        {file ? '更换文件' : '选择本地文件'}
      </FilePicker>
      {file ? (
        <span className="qa-file-name" data-testid="query-file">
          {file.name}（{formatSize(file.size)}）
        </span>
      ) : (
        <span className="qa-hint">文件只在本机计算摘要，不会上传</span>
      )}
      {percent !== null ? <ProgressBar percent={percent} width={160} label="摘要计算进度" /> : null}
    </div>
  );
}
