import { Center, Image, Loader } from '@mantine/core';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';

/**
 * The ticket's QR code, black on white with a wide quiet zone so a door scanner reads it off a
 * phone at arm's length. Drawn at 8 px a module or more; the image scales down to the screen.
 */
export function TicketQr({ code, ticketId }: { code: string; ticketId: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    QRCode.toDataURL(code, {
      margin: 4,
      width: 640,
      errorCorrectionLevel: 'M',
      color: { dark: '#000000', light: '#ffffff' },
    })
      .then((url) => active && setSrc(url))
      .catch(() => active && setSrc(null));
    return () => {
      active = false;
    };
  }, [code]);

  const size = 'min(88vw, 52vh, 420px)';
  if (!src) {
    return (
      <Center w={size} h={size}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  return (
    <Image
      src={src}
      alt={t('ticket.qrAlt', { ticketId })}
      w={size}
      h={size}
      fit="contain"
      style={{ imageRendering: 'pixelated', background: '#fff' }}
      data-testid="my-ticket-qr"
      data-code={code}
    />
  );
}
