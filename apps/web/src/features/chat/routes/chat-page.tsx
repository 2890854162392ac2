import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FeaturePage } from '../../../app/shell/pages/feature-page';
import '../i18n';

const icon = (Icon: typeof IconMessages) => <Icon size={32} aria-hidden />;

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
