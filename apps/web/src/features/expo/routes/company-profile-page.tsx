import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EventPage } from '../../event-landing/routes/event-pages';
import '../i18n';

/** A2.07: booth edit. */
export function CompanyProfilePage({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  return (
    <EventPage
      eventId={eventId}
      testId="company-profile-page"
      title={t('eventArea.company.title')}
      icon={<IconBuildingStore size={32} aria-hidden />}
      heading={t('eventArea.company.empty.title')}
      text={t('eventArea.company.empty.text')}
    />
  );
}
