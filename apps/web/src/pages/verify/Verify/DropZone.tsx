/**
 * A file drop zone with a keyboard- and tap-friendly "choose file" button. The file is handed to
 * `onFile` as a browser File object — it is read locally and never uploaded.
 */
import { useRef, useState, type DragEvent } from 'react';

export interface DropZoneProps {
  /** Main prompt, e.g. 将文件拖到此处，或点击选择文件. */
  prompt: string;
  /** Small print under the prompt. */
  hint: string;
  /** `accept` of the file input (e.g. '.zip'). */
  accept?: string;
  disabled?: boolean;
  onFile(file: File): void;
  testId?: string;
}

/** Drop target + hidden file input. */
export function DropZone({ prompt, hint, accept, disabled, onFile, testId }: DropZoneProps) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const take = (files: FileList | null | undefined) => {
    const f = files?.[0];
    if (f && !disabled) onFile(f);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files);
  };
  return (
    <div
      className={`vf-drop${over ? ' vf-drop-over' : ''}${disabled ? ' vf-drop-disabled' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      onClick={() => !disabled && input.current?.click()}
      onKeyDown={(e) => {
        if ((e.key === 'Enter' || e.key === ' ') && !disabled) {
          e.preventDefault();
          input.current?.click();
        }
      }}
      role="button"
      tabIndex={0}
      aria-disabled={disabled}
      data-testid={testId}
    >
      <div className="vf-drop-icon" aria-hidden>
        ⇪
      </div>
      <div className="vf-drop-prompt">{prompt}</div>
      <div className="vf-drop-hint">{hint}</div>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
    </div>
  );
}
