/**
 * A button that opens the browser's file chooser (antd Upload with showUploadList={false} around a
 * Button) for pages without antd (issue 16). The file is handed to `onFile` and never uploaded here;
 * choosing the same file again fires again (the input is emptied after each choice).
 */
import { useRef, type ReactNode } from 'react';
import './button.css';
import './widgets.css';

const FILE_SEARCH =
  'M688 312v-48c0-4.4-3.6-8-8-8H296c-4.4 0-8 3.6-8 8v48c0 4.4 3.6 8 8 8h384c4.4 0 8-3.6 8-8zm-392 88c-4.4 0-8 3.6-8 8v48c0 4.4 3.6 8 8 8h184c4.4 0 8-3.6 8-8v-48c0-4.4-3.6-8-8-8H296zm144 452H208V148h560v344c0 4.4 3.6 8 8 8h56c4.4 0 8-3.6 8-8V108c0-17.7-14.3-32-32-32H168c-17.7 0-32 14.3-32 32v784c0 17.7 14.3 32 32 32h272c4.4 0 8-3.6 8-8v-56c0-4.4-3.6-8-8-8zm445.7 51.5l-93.3-93.3C814.7 780.7 828 743.9 828 704c0-97.2-78.8-176-176-176s-176 78.8-176 176 78.8 176 176 176c35.8 0 69-10.7 96.8-29l94.7 94.7c1.6 1.6 3.6 2.3 5.6 2.3s4.1-.8 5.6-2.3l31-31a7.9 7.9 0 000-11.2zM652 816c-61.9 0-112-50.1-112-112s50.1-112 112-112 112 50.1 112 112-50.1 112-112 112z';

/** The file-search icon of antd (FileSearchOutlined), 1em square. */
export const FileSearchIcon = () => (
  <svg viewBox="64 64 896 896" width="1em" height="1em" fill="currentColor" aria-hidden="true">
    <path d={FILE_SEARCH} />
  </svg>
);

/** A default-size button with the file-search icon; `accept` as for `<input type=file>`. */
export function FilePicker({ onFile, disabled, accept, children }: { onFile: (f: File) => void; disabled?: boolean; accept?: string; children: ReactNode }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="lf-btn lf-middle lf-btn-inline" disabled={disabled} onClick={() => input.current?.click()}>
        <FileSearchIcon />
        <span>{children}</span>
      </button>
      <input
        ref={input}
        type="file"
        className="lf-file-input"
        accept={accept}
        disabled={disabled}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(e) => {
          const f = e.target.files?.[0];
          e.target.value = '';
          if (f) onFile(f);
        }}
      />
    </>
  );
}
