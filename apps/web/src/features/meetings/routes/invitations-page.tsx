import { IconMailOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FeaturePage } from '../../../app/shell/pages/feature-page';
import '../i18n';

const icon = (Icon: typeof IconMailOff) => <Icon size={32} aria-hidden />;

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
