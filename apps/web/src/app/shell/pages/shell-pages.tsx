import {
  IconAddressBookOff,
  IconCalendarOff,
  IconMailOff,
  IconMessages,
  IconSearchOff,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { readLastVisitedEvent } from '../../../lib/storage';
import { FeaturePage } from './feature-page';

const icon = (Icon: typeof IconMessages) => <Icon size={32} aria-hidden />;

function browseTarget(): string {
  const last = readLastVisitedEvent();
  return last ? `/event/${last.id}/sessions` : '/event/list';
}

/** A2.09: the personal agenda. */
export function MyAgendaPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage
      testId="my-agenda-page"
      title={t('shell.pages.myAgenda')}
      icon={icon(IconCalendarOff)}
      heading={t('shell.agenda.empty.title')}
      text={t('shell.agenda.empty.text')}
      action={{ label: t('shell.agenda.browseSessions'), to: browseTarget() }}
    />
  );
}

/** A2.10: a session of the personal agenda, on mobile. */
export function AgendaSessionPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage
      testId="agenda-session-page"
      title={t('shell.pages.session')}
      icon={icon(IconSearchOff)}
      heading={t('eventArea.notFound.sessions')}
      text={t('eventArea.notFound.text')}
      action={{ label: t('shell.pages.backToAgenda'), to: '/my-agenda' }}
    />
  );
}

/** A2.08: invitations (/invitations/received is the mobile link). */
export function InvitationsPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage
      testId="invitations-page"
      title={t('nav.invitations')}
      icon={icon(IconMailOff)}
      heading={t('shell.invitations.empty.title')}
      text={t('shell.invitations.empty.text')}
      action={{ label: t('nav.events'), to: '/event/list' }}
    />
  );
}

/** A2.12: the full-size chat. */
export function ChatPage() {
  const { t } = useTranslation();
  return (
    <FeaturePage
      testId="chat-page"
      title={t('nav.chat')}
      icon={icon(IconMessages)}
      heading={t('shell.chat.empty.title')}
      text={t('shell.chat.empty.text')}
    />
  );
}

/** A2.13, A2.14: contacts, for the event in ?eventId when given. */
export function ContactsPage() {
  const { t } = useTranslation();
  const eventId = useSearchParams()[0].get('eventId');
  return (
    <FeaturePage
      testId="contacts-page"
      title={t('nav.contacts')}
      icon={icon(IconAddressBookOff)}
      heading={t('shell.contacts.empty.title')}
      text={t('shell.contacts.empty.text')}
      action={eventId ? { label: t('eventArea.backToEvent'), to: `/event/${eventId}/` } : undefined}
    />
  );
}
