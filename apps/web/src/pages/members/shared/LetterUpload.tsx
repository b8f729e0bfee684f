/**
 * Upload of the authorisation letter 授权委托书 (spec p1 §5, §7): an image only (请上传图片类型), sent at
 * once through POST /api/companymember/upload (bearer auth, progress shown) → `{path, full_path}`; disabled until the
 * member's name resolved. An upload failure shows a fixed toast (spec p1 §8).
 */
import { useState } from 'react';
import { App, Button, Flex, Image, Upload } from 'antd';
import { MSG } from '@cunzheng/contract/messages';
import { memberUpload } from '../../../api/members';
import { ApiError } from '../../../api/request';

/** Fixed toast of a failed upload (spec p1 §8 "Upload failure: a fixed error toast"; wording ours). */
export const UPLOAD_FAILED = '授权委托书上传失败，请重试';
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/jpg'];

export function LetterUpload({ value, onChange, disabled }: { value: { path: string; full_path: string } | null; onChange: (v: { path: string; full_path: string } | null) => void; disabled: boolean }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState(0);
  return (
    <Flex gap={12} align="center" wrap>
      <Upload
        accept="image/png,image/jpeg"
        showUploadList={false}
        disabled={disabled || busy}
        beforeUpload={(file) => {
          if (!IMAGE_TYPES.includes(file.type)) {
            void message.error(MSG.IMAGE_TYPE_REQUIRED);
            return Upload.LIST_IGNORE;
          }
          setBusy(true);
          setPercent(0);
          memberUpload(file, (p) => setPercent(p.percent))
            .then((r) => onChange(r))
            .catch((e: unknown) => {
              if (!(e instanceof ApiError)) void message.error(UPLOAD_FAILED);
            })
            .finally(() => setBusy(false));
          return false;
        }}
      >
        <Button disabled={disabled} loading={busy}>{busy ? `上传中 ${Math.round(percent)}%` : value ? '重新上传' : '上传授权委托书'}</Button>
      </Upload>
      {value ? <Image src={value.full_path} alt="授权委托书" width={72} height={72} style={{ objectFit: 'cover' }} /> : <span style={{ color: '#888' }}>jpg、png 图片，不超过10M</span>}
    </Flex>
  );
}
