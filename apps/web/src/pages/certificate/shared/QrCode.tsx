/**
 * QR code for online viewing of a certificate (spec p1 §2), drawn with the `qrcode` package as an SVG
 * data URL (allowed by the CSP's img-src data:). The library is loaded on demand (only owners see the
 * code), keeping it out of a visitor's first load. Renders a blank box until the code is ready.
 */
import { useEffect, useState } from 'react';

export interface QrCodeProps {
  /** The URL the code encodes. */
  value: string;
  /** Rendered size in CSS pixels. */
  size?: number;
  alt: string;
}

/** An <img> of the QR code of `value`. */
export function QrCode({ value, size = 128, alt }: QrCodeProps) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (live) setSrc(null);
      });
    return () => {
      live = false;
    };
  }, [value]);
  if (!src) return <div style={{ width: size, height: size }} aria-hidden />;
  return <img src={src} width={size} height={size} alt={alt} className="cert-qr-img" />;
}
