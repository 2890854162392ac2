import { Stack, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { readLastVisitedEvent } from '../../../lib/storage';
import { ContactsPanel } from '../components/contacts-panel';
import '../i18n';

/** A2.13, A2.14: /contacts, for the event in ?eventId when given (else the last visited one). */
export function ContactsPage() {
  const { t } = useTranslation();
  const param = Number(useSearchParams()[0].get('eventId'));
  const eventId = Number.isInteger(param) && param > 0 ? param : null;
  return (
    <Stack gap="lg" data-testid="contacts-page">
      <Title order={1}>{t('nav.contacts')}</Title>
      <ContactsPanel
        eventId={eventId}
        collectAt={eventId ?? readLastVisitedEvent()?.id ?? null}
        variant="page"
      />
    </Stack>
  );
}
