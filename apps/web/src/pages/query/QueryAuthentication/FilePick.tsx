/**
 * A local file chooser for the query tabs (issue 12 §3): the file stays in the browser (only its digest is
 * computed); shows the name and size, and the hashing progress while it runs.
 */
import { Button, Progress, Upload } from 'antd';
import { FileSearchOutlined } from '@ant-design/icons';
import { formatSize } from '../../../utils/format';

export function FilePick({ file, onFile, percent, disabled }: { file: File | null; onFile: (f: File) => void; percent: number | null; disabled?: boolean }) {
  return (
    <div className="qa-file">
      <Upload
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(f) => {
          onFile(f);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<FileSearchOutlined />} disabled={disabled}>
          {file ? '更换文件' : '选择本地文件'}
        </Button>
      </Upload>
      {file ? (
        <span className="qa-file-name" data-testid="query-file">
          {file.name}（{formatSize(file.size)}）
        </span>
      ) : (
        <span className="qa-hint">文件只在本机计算摘要，不会上传</span>
      )}
      {percent !== null ? <Progress percent={percent} size="small" style={{ width: 160, margin: 0 }} /> : null}
    </div>
  );
}
