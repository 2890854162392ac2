import { IconAddressBookOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FeaturePage } from './feature-page';

/** A2.13, A2.14: contacts, for the event in ?eventId when given. */
export function ContactsPage() {
  const { t } = useTranslation();
  const eventId = useSearchParams()[0].get('eventId');
  return (
    <FeaturePage
      testId="contacts-page"
      title={t('nav.contacts')}
      icon={<IconAddressBookOff size={32} aria-hidden />}
      heading={t('shell.contacts.empty.title')}
      text={t('shell.contacts.empty.text')}
      action={eventId ? { label: t('eventArea.backToEvent'), to: `/event/${eventId}/` } : undefined}
    />
  );
}
