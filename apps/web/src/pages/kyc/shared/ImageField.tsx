/**
 * One KYC image slot (spec p2 §3, §5): a picture card showing the chosen file's thumbnail or the stored
 * image (watermarked preview), checking type and size on choice (error toast with the spec's message).
 * The chosen File is handed to the form; a stored image stays on the server ("sent empty").
 */
import { useEffect, useState } from 'react';
import { App, Image, Upload } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { imageProblem } from './imageRules';

export interface ImageFieldProps {
  label: string;
  maxBytes: number;
  /** Preview URL of the image already stored, if any. */
  storedUrl?: string;
  value?: File;
  onChange?: (f: File | undefined) => void;
  disabled?: boolean;
  testId?: string;
}

export function ImageField({ label, maxBytes, storedUrl, value, onChange, disabled, testId }: ImageFieldProps) {
  const { message } = App.useApp();
  const [thumb, setThumb] = useState<string | undefined>();
  useEffect(() => {
    if (!value) {
      setThumb(undefined);
      return;
    }
    const u = URL.createObjectURL(value);
    setThumb(u);
    return () => URL.revokeObjectURL(u);
  }, [value]);
  const shown = thumb ?? storedUrl;
  return (
    <div className="kyc-image-field" data-testid={testId}>
      <Upload
        accept=".png,.jpg,.jpeg,image/png,image/jpeg"
        listType="picture-card"
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          const p = imageProblem(file, maxBytes);
          if (p) void message.error(p);
          else onChange?.(file);
          return false;
        }}
      >
        {shown ? (
          <img src={shown} alt={label} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
        ) : (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8, fontSize: 12 }}>点击上传</div>
          </div>
        )}
      </Upload>
      <div className="kyc-image-label">{label}</div>
    </div>
  );
}

/** Read-only thumbnails of stored images with the preview dialog (预览图片). */
export function StoredImages({ images }: { images: Array<{ field: string; label: string; url: string }> }) {
  if (!images.length) return null;
  return (
    <Image.PreviewGroup>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
        {images.map((i) => (
          <figure key={i.field} style={{ margin: 0, textAlign: 'center' }}>
            <Image src={i.url} alt={i.label} width={160} height={110} style={{ objectFit: 'cover', border: '1px solid #eee' }} />
            <figcaption style={{ fontSize: 12, color: '#666' }}>{i.label}</figcaption>
          </figure>
        ))}
      </div>
    </Image.PreviewGroup>
  );
}
