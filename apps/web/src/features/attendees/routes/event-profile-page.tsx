import { IconIdBadge2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EventPage } from '../../event-landing/routes/event-pages';
import '../i18n';

/** A2.06: the user's own event profile. */
export function EventProfilePage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  return (
    <EventPage
      eventId={eventId}
      testId="event-profile-page"
      title={t('eventArea.profile.title')}
      icon={<IconIdBadge2 size={32} aria-hidden />}
      heading={t('eventArea.profile.empty.title')}
      text={t('eventArea.profile.empty.text')}
    />
  );
}
