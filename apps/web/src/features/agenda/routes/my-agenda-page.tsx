import { IconCalendarOff, IconSearchOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FeaturePage } from '../../../app/shell/pages/feature-page';
import { readLastVisitedEvent } from '../../../lib/storage';
import '../i18n';

const icon = (Icon: typeof IconCalendarOff) => <Icon size={32} aria-hidden />;

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
