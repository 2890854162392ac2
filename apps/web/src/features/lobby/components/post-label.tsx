import { Badge } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import '../i18n';

/**
 * Whose post it is (E1.08): the organizers' announcements (which notify everyone) and a
 * participant's own post look different, so an attendee's post cannot pass for official news.
 */
export function PostLabel({ official }: { official: boolean }) {
  const { t } = useTranslation();
  return official ? (
    <Badge size="sm" color="blue.9" variant="filled" tt="none" data-testid="post-label-organizer">
      {t('lobby.announcement.labelOrganizer')}
    </Badge>
  ) : (
    <Badge size="sm" color="gray.7" variant="outline" tt="none" data-testid="post-label-participant">
      {t('lobby.announcement.labelParticipant')}
    </Badge>
  );
}
