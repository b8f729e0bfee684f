/**
 * A monospace block with a copy button (navigator.clipboard), in plain markup so the explorer does
 * not load antd Typography and its tooltip.
 */
import { useState } from 'react';

export interface CopyBlockProps {
  text: string;
  /** Wrap long lines (base64, hex) instead of scrolling. */
  wrap?: boolean;
}

/** `<pre>` with a 复制 button that turns into 已复制 for 2 s. */
export function CopyBlock({ text, wrap = false }: CopyBlockProps) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="lx-copy">
      <pre className={`lx-pre${wrap ? ' lx-wrap' : ''}`}>{text}</pre>
      <button type="button" className="lx-copy-btn" onClick={copy}>
        {copied ? '已复制' : '复制'}
      </button>
    </div>
  );
}
