/**
 * 手机信息 dialog for mobile-app evidence (spec p1 §2, p1 §3 "Phone info"): loads
 * GET /api/share/getAppInfo (baoquan) when opened and lists the phone's fields.
 */
import { Descriptions, Modal, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getAppInfo, type PhoneInfo } from '../../../api/certificate';
import type { CertLabels } from './labels';

export interface PhoneInfoDialogProps {
  open: boolean;
  baoquan: string;
  labels: CertLabels;
  onClose: () => void;
}

const FIELDS: (keyof PhoneInfo)[] = ['name', 'model_name', 'version', 'processor', 'core', 'appAddress'];

/** Modal listing the phone info; fetched only while open. */
export function PhoneInfoDialog({ open, baoquan, labels, onClose }: PhoneInfoDialogProps) {
  const q = useQuery({ queryKey: ['share/getAppInfo', baoquan], queryFn: () => getAppInfo(baoquan), enabled: open, retry: false });
  return (
    <Modal open={open} title={labels.phoneTitle} footer={null} onCancel={onClose} width={480}>
      {q.isPending && q.fetchStatus !== 'idle' ? (
        <Spin />
      ) : q.data ? (
        <Descriptions
          column={1}
          size="small"
          bordered
          items={FIELDS.map((f) => ({ key: f, label: labels.phoneFields[f], children: String(q.data[f] ?? '') }))}
        />
      ) : null}
    </Modal>
  );
}
