/**
 * Deposit a file (issue 2 §4, §7): choose or drop a file, optional title and label, upload with a
 * progress bar through POST /api/data/upload (multipart `file`, `title`, `label`), cancel while
 * sending (取消上传 aborts the request; the server keeps nothing of an incomplete body, issue 8 §3 —
 * once every byte is sent the button turns into a disabled 正在保全…, since the deposit is then being written);
 * on success show the new certificate number with a link to its certificate.
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, AutoComplete, Button, Card, Flex, Form, Input, Progress, Upload } from 'antd';
import { CloudUploadOutlined, FileOutlined } from '@ant-design/icons';
import { LABEL_MAX, TITLE_MAX } from '@cunzheng/contract/constants';
import { MSG } from '@cunzheng/contract/messages';
import { uploadData } from '../../../../api/data';
import type { UploadResult } from '../../../../api/types';
import { config } from '../../../../env';
import { formatSize } from '../../../../utils/format';
import { optionalTextRules } from '../../../../utils/rules';
import { certificatePath } from './columns';

interface UploadForm {
  title?: string;
  label?: string;
}

/** Checks a chosen file before sending; returns the message to show, or null when acceptable. */
export function checkFile(file: { size: number }, maxBytes: number = config.uploadMaxBytes): string | null {
  if (file.size <= 0) return MSG.FILE_EMPTY;
  if (file.size > maxBytes) return MSG.FILE_TOO_LARGE;
  return null;
}

export function UploadPanel({ labels, onUploaded }: { labels: string[]; onUploaded: (r: UploadResult) => void }) {
  const [form] = Form.useForm<UploadForm>();
  const [file, setFile] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [done, setDone] = useState<UploadResult | null>(null);
  const abort = useRef<AbortController | null>(null);
  const { message } = App.useApp();
  const uploading = percent !== null;

  const choose = (f: File) => {
    const problem = checkFile(f);
    if (problem) {
      void message.error(problem);
      return;
    }
    setFile(f);
    setDone(null);
  };

  const submit = async (v: UploadForm) => {
    if (!file) {
      void message.warning(MSG.FILE_REQUIRED);
      return;
    }
    const ctrl = new AbortController();
    abort.current = ctrl;
    setPercent(0);
    try {
      const r = await uploadData({ file, title: v.title?.trim(), label: v.label?.trim() }, (p) => setPercent(p.percent), ctrl.signal);
      void message.success(MSG.UPLOAD_SUCCESS);
      setDone(r);
      setFile(null);
      form.resetFields();
      onUploaded(r);
    } catch {
      // Errors were shown by the request wrapper. A cancel aborts the request (the browser drops the
      // connection mid-body, and the server deposits nothing for an incomplete body): say so.
      if (ctrl.signal.aborted) void message.info('已取消上传，文件未存证');
    } finally {
      abort.current = null;
      setPercent(null);
    }
  };

  return (
    <Card title="上传存证" className="upload-panel" size="small">
      <Upload.Dragger
        multiple={false}
        showUploadList={false}
        disabled={uploading}
        beforeUpload={(f) => {
          choose(f);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="upload-icon">
          <CloudUploadOutlined />
        </p>
        <p className="upload-text">点击或拖拽文件到此处</p>
        <p className="upload-hint">文档、图片、音频、视频等任意格式，单个文件不超过 {formatSize(config.uploadMaxBytes).replace('.00 ', ' ')}</p>
      </Upload.Dragger>
      {file ? (
        <Flex className="upload-file" align="center" gap={8}>
          <FileOutlined />
          <span className="upload-file-name">{file.name}</span>
          <span className="upload-file-size">{formatSize(file.size)}</span>
          {!uploading ? (
            <Button type="link" size="small" onClick={() => setFile(null)}>
              移除
            </Button>
          ) : null}
        </Flex>
      ) : null}
      <Form form={form} layout="vertical" onFinish={submit} className="upload-form" disabled={uploading}>
        <div className="upload-fields">
          <Form.Item name="title" label="标题（选填）" rules={optionalTextRules(TITLE_MAX, MSG.TITLE_TOO_LONG, '标题')}>
            <Input placeholder="默认使用文件名" maxLength={TITLE_MAX} />
          </Form.Item>
          <Form.Item name="label" label="标签（选填）" rules={optionalTextRules(LABEL_MAX, MSG.LABEL_TOO_LONG, '标签')}>
            <AutoComplete options={labels.map((l) => ({ value: l }))} placeholder="如：合同、设计稿" maxLength={LABEL_MAX} filterOption />
          </Form.Item>
        </div>
        {uploading ? null : (
          <Button type="primary" htmlType="submit" disabled={!file} icon={<CloudUploadOutlined />}>
            开始存证
          </Button>
        )}
      </Form>
      {/* Outside the Form: the Form is disabled while sending, and the cancel button must not be. */}
      {uploading ? (
        <div className="upload-progress">
          <Progress percent={percent ?? 0} status="active" />
          {/* Once every byte is sent the server is writing the deposit: a cancel could no longer keep it out. */}
          <Button disabled={percent === 100} onClick={() => abort.current?.abort()}>
            {percent === 100 ? '正在保全…' : '取消上传'}
          </Button>
        </div>
      ) : null}
      {done ? (
        <Alert
          className="upload-done"
          type="success"
          showIcon
          title="存证成功"
          description={
            <span>
              保全号 <Link to={certificatePath(done.baoquan)}>{done.baoquan}</Link>，文件指纹已写入账本。
              <Link to={certificatePath(done.baoquan)}>查看保全证书</Link>
            </span>
          }
          closable={{ onClose: () => setDone(null) }}
        />
      ) : null}
    </Card>
  );
}
