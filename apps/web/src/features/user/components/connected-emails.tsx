import type { ConnectedEmail } from '@foyer/contract';
import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconMailCheck, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useConnectedEmails, useMakePrimary } from '../api/emails';
import { AddEmailForm } from './add-email-form';
import { EmailCodeForm } from './email-code-form';
import { LoadError } from './load-error';
import { OwnAccountOnly } from './own-account-only';
import { RemoveEmailModal } from './remove-email-modal';
import '../../../i18n/account';

/** A4.31–A4.33: connected addresses; add one, confirm it by code, make it primary or remove it. */
export function ConnectedEmails() {
  const { t } = useTranslation();
  const emails = useConnectedEmails();
  const primary = useMakePrimary();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  const makePrimary = (email: string) =>
    primary.mutate(email, {
      onSuccess: () => toast('success', t('account.emails.primarySuccess', { email })),
      onError: (error) => toast('error', error.message || t('common.unknownError')),
    });

  const row = (item: ConnectedEmail) => (
    <Card withBorder padding="sm" key={item.email} component="li" data-testid="email-row">
      <Group justify="space-between" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
            {item.email}
          </Text>
          <Group gap={6}>
            {item.primary && <Badge variant="filled">{t('account.emails.primary')}</Badge>}
            {item.confirmed ? (
              <Badge variant="filled" color="teal.9">
                {t('account.emails.confirmed')}
              </Badge>
            ) : (
              <Badge variant="filled" color="gray.7">
                {t('account.emails.pending')}
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          {!item.confirmed && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconMailCheck size={14} aria-hidden />}
              onClick={() => setConfirming(item.email)}
            >
              {t('account.emails.enterCode')}
            </Button>
          )}
          {item.confirmed && !item.primary && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconStar size={14} aria-hidden />}
              loading={primary.isPending && primary.variables === item.email}
              onClick={() => makePrimary(item.email)}
              data-testid="email-make-primary"
            >
              {t('account.emails.makePrimary')}
            </Button>
          )}
          {!item.primary && (
            <Button
              size="xs"
              variant="subtle"
              color="red.9"
              c="red.9"
              leftSection={<IconTrash size={14} aria-hidden />}
              onClick={() => setRemoving(item.email)}
              aria-label={t('account.emails.removeNamed', { email: item.email })}
              data-testid="email-remove"
            >
              {t('account.emails.remove')}
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );

  return (
    <Stack gap="lg">
      <OwnAccountOnly />
      <Card withBorder padding="lg" component="section" aria-labelledby="emails-title">
        <Title order={2} size="h4" id="emails-title" mb={4}>
          {t('account.emails.title')}
        </Title>
        <Text size="sm" c="gray.7" mb="md">
          {t('account.emails.intro')}
        </Text>
        {emails.isPending ? (
          <Loader aria-label={t('common.loading')} />
        ) : emails.isError ? (
          <LoadError error={emails.error} onRetry={() => emails.refetch()} />
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid="email-list">
            {emails.data.map(row)}
          </Stack>
        )}
      </Card>
      <Card withBorder padding="lg" component="section" aria-labelledby="add-email-title">
        <Title order={2} size="h4" id="add-email-title" mb="md">
          {confirming ? t('account.emails.codeTitle') : t('account.emails.addTitle')}
        </Title>
        {confirming ? (
          <EmailCodeForm email={confirming} onDone={() => setConfirming(null)} />
        ) : (
          <AddEmailForm onAdded={setConfirming} />
        )}
      </Card>
      <RemoveEmailModal email={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
