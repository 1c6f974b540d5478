import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';
import styles from './CoinJelly.module.css';

/** A QR code of `value`, drawn as SVG (no canvas needed); the label names what scanning it does. */
export function QrCode({ value, label }: { value: string; label: string }) {
  const [svg, setSvg] = useState<{ value: string; src: string } | null>(null);
  useEffect(() => {
    let live = true;
    qrSvg(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((text) => {
        if (live) setSvg({ value, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(text)}` });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [value]);
  if (!svg || svg.value !== value) return <div className={styles.qr} aria-busy="true" />;
  return <img className={styles.qr} src={svg.src} alt={label} data-qr-value={value} width={180} height={180} />;
}
