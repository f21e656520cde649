import { useEffect, useState } from 'react';

import { useT } from '../../ui/intl/useT';

/**
 * The setup's URI as a QR code for the authenticator app to scan, drawn as an SVG image; the
 * `qrcode` library is a chunk of its own, fetched only when a setup shows. The key as text, beside
 * it, is the way in without a camera, and the image's text says so.
 */
export function SecondFactorQr({ uri }: { uri: string }) {
  const t = useT();
  const [drawn, setDrawn] = useState<{ uri: string; svg: string } | null>(null);
  useEffect(() => {
    let current = true;
    import(/* webpackChunkName: "qrcode" */ 'qrcode')
      .then((qrcode) => qrcode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' }))
      .then(
        (svg) => void (current && setDrawn({ uri, svg })),
        () => {}, // no image: the key below is still there to type
      );
    return () => {
      current = false;
    };
  }, [uri]);
  const svg = drawn?.uri === uri ? drawn.svg : null;
  return (
    <div className="totp-qr">
      {svg ? (
        <img
          className="totp-qr__image"
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          alt={t('totp.qrAlt')}
          width={200}
          height={200}
        />
      ) : (
        <p className="totp-qr__waiting">{t('wait.loading')}</p>
      )}
    </div>
  );
}
