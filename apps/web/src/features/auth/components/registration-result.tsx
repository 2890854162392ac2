import { badgeCode, type RegisterResult } from '@foyer/contract';
import { Alert, Button, Center, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { ConfirmSignup } from './confirm-signup';

/**
 * A4.13: the ticket's QR code as an image (a data URL). E5.52: the door's scanner reads a link with a
 * tickets/{ticketId} segment, as on the badge.
 */
export function ticketQrImage(origin: string, ticketId: string): Promise<string> {
  return QRCode.toDataURL(badgeCode(origin, ticketId), { margin: 1, width: 240, errorCorrectionLevel: 'M' });
}

/**
 * A4.13–A4.16: the ticket as a QR code with its id and type, or a plain confirmation. A new account
 * (issue 10) confirms its e-mail right below, which logs it in; otherwise a link leads to login.
 */
export function RegistrationResult({
  result,
  confirmEmail = null,
}: {
  result: RegisterResult;
  confirmEmail?: string | null;
}) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<string | null>(null);
  // Where the registration page says to go once logged in (the event's profile wizard).
  const returnState: unknown = useLocation().state;
  const { ticketId, ticketType, hasUserId } = result;

  useEffect(() => {
    if (!ticketId) return;
    let active = true;
    ticketQrImage(window.location.origin, ticketId)
      .then((url) => active && setQr(url))
      .catch(() => active && setQr(null));
    return () => {
      active = false;
    };
  }, [ticketId]);

  return (
    <Stack gap="md" data-testid="registration-success">
      <Title order={2} size="h3">
        {t('registration.success.title')}
      </Title>
      {ticketId ? (
        <>
          <Center>
            {qr ? (
              <Image
                src={qr}
                alt={t('registration.success.qrAlt', { ticketId })}
                w={240}
                h={240}
                data-testid="ticket-qr"
              />
            ) : (
              <Loader aria-label={t('common.loading')} />
            )}
          </Center>
          <Text ta="center">
            {t('registration.success.ticketId')}: <strong data-testid="ticket-id">{ticketId}</strong>
          </Text>
          {ticketType && (
            <Text ta="center">
              {t('registration.success.ticketType')}: <strong data-testid="ticket-type">{ticketType}</strong>
            </Text>
          )}
          <Alert
            color="green"
            icon={<IconCircleCheck aria-hidden />}
            data-testid="registration-success-message"
          >
            {t(hasUserId ? 'registration.success.hasUser' : 'registration.success.hasNotUser')}
          </Alert>
        </>
      ) : (
        <Alert
          color="green"
          icon={<IconCircleCheck aria-hidden />}
          data-testid="registration-success-message"
        >
          {t('registration.success.plain')}
        </Alert>
      )}
      {confirmEmail ? (
        <ConfirmSignup email={confirmEmail} />
      ) : (
        <Button component={Link} to="/login" state={returnState} variant="light">
          {t('registration.success.toLogin')}
        </Button>
      )}
    </Stack>
  );
}
