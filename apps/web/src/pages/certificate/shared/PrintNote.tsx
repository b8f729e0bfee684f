/**
 * The note shown before printing a certificate (spec p1 §2: enable background graphics, default
 * scale, no margins); confirming closes it and opens the browser's print dialog.
 */
import { useRef } from 'react';
import { Modal } from 'antd';
import type { CertLabels } from './labels';

export interface PrintNoteProps {
  open: boolean;
  labels: CertLabels;
  onClose: () => void;
}

/** Confirmation dialog; window.print() runs after the dialog has fully closed so it is not printed. */
export function PrintNote({ open, labels, onClose }: PrintNoteProps) {
  const confirmed = useRef(false);
  return (
    <Modal
      open={open}
      title={labels.printTitle}
      okText={labels.printOk}
      cancelText={labels.cancel}
      width={420}
      onOk={() => {
        confirmed.current = true;
        onClose();
      }}
      onCancel={onClose}
      afterClose={() => {
        if (confirmed.current) {
          confirmed.current = false;
          window.print();
        }
      }}
    >
      <p>{labels.printIntro}</p>
      <ol className="cert-print-steps">
        {labels.printSteps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
    </Modal>
  );
}
