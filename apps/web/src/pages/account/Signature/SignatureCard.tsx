/** One stamp card (spec p1 §2): image on a checkered ground (transparency shows), name, creation time, 默认章 label and actions. */
import { Button, Card, Tag } from 'antd';
import type { TSignatureItem } from '@cunzheng/contract/account';
import { UI } from '@cunzheng/contract/messages';
import { formatDateTime } from '../../../utils/format';

export interface SignatureCardProps {
  item: TSignatureItem;
  onSetDefault: (s: TSignatureItem) => void;
  onRemove: (s: TSignatureItem) => void;
}

export function SignatureCard({ item, onSetDefault, onRemove }: SignatureCardProps) {
  const isDefault = item.is_default === '1';
  return (
    <Card
      size="small"
      className={isDefault ? 'sig-card sig-card-default' : 'sig-card'}
      cover={
        <div className="sig-image">
          <img src={item.pic_url} alt={`签章：${item.name}`} loading="lazy" />
        </div>
      }
      actions={[
        isDefault ? (
          <span key="d" className="sig-action-muted">
            当前默认
          </span>
        ) : (
          <Button key="d" type="link" size="small" onClick={() => onSetDefault(item)} aria-label={`将${item.name}设为默认`}>
            设为默认
          </Button>
        ),
        <Button key="x" type="link" size="small" danger onClick={() => onRemove(item)} aria-label={`删除${item.name}`}>
          删除
        </Button>,
      ]}
    >
      <div className="sig-title">
        {isDefault ? (
          <Tag color="red" className="sig-default-tag">
            {UI.DEFAULT_STAMP}
          </Tag>
        ) : null}
        <span className="sig-name" title={item.name}>
          {item.name}
        </span>
      </div>
      <div className="sig-time">创建于 {formatDateTime(item.add_time)}</div>
    </Card>
  );
}
