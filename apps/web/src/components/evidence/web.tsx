/**
 * Small pieces shared by the web-evidence pages (/newWeb, /evidences-all/web and its download page,
 * issue 4 §3): the capture status tag (0 排队中, 1 取证中, 2 已完成, 3 失败) and the path of a
 * capture's public certificate /evidencesWeb/{baoquan} (spec p2 §2).
 */
import { Tag } from 'antd';
import { certificatePath } from '@cunzheng/contract/evidenceKinds';
import { WEB_CAPTURE_STATUS_LABEL } from '@cunzheng/contract/forensics';

/** Path of a web capture's public certificate page (the registry's, /evidencesWeb/{baoquan}). */
export const webCertificatePath = (baoquan: string): string => certificatePath('web', baoquan);

const COLOR: Readonly<Record<number, string>> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error' };

/** True while a capture may still change (queued or capturing). */
export const isCaptureActive = (status: number | undefined): boolean => status === 0 || status === 1;

/** Label of a capture status ('-' when unknown). */
export const webStatusLabel = (status: number | undefined): string => (status === undefined ? '-' : (WEB_CAPTURE_STATUS_LABEL[status] ?? '-'));

/** The status as a coloured tag. */
export function WebStatusTag({ status }: { status: number | undefined }) {
  return <Tag color={status === undefined ? 'default' : (COLOR[status] ?? 'default')}>{webStatusLabel(status)}</Tag>;
}
