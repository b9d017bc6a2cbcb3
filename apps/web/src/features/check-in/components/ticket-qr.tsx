import { useEffect, useState } from 'react';
import { Box, Skeleton } from '@mantine/core';

/**
 * A ticket's code as a QR code. The library loads with the first ticket shown, not with every
 * event page; the code is drawn as an SVG picture (black on white, whatever the colour scheme, as
 * scanners need contrast).
 */
export function TicketQr({ code, label, size = 200 }: { code: string; label: string; size?: number }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode').then(async (qr) => {
      const svg = await qr.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2, color: { dark: '#000000', light: '#ffffff' } });
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [code]);
  if (!src) return <Skeleton w={size} h={size} radius="sm" />;
  return <Box component="img" src={src} alt={label} w={size} h={size} style={{ imageRendering: 'pixelated', borderRadius: 4 }} data-ticket-code={code} />;
}
