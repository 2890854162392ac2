import type { AttendeeCard, ParticipantTag } from '@foyer/contract';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useSetTag } from '../api/tags';
import '../i18n';

/** Favourite or ignore someone, with a toast that says what happened (E2.42). */
export function useToggleTag(eventId: number) {
  const { t } = useTranslation();
  const setTag = useSetTag(eventId);
  const toggle = (card: Pick<AttendeeCard, 'id' | 'fullName' | 'tags'>, tag: ParticipantTag) => {
    const on = !card.tags.includes(tag);
    setTag.mutate(
      { participantId: card.id, tag, on },
      {
        onSuccess: () =>
          toast('success', t(`attendees.tag.${tag}.${on ? 'on' : 'off'}`, { name: card.fullName })),
        onError: (error) =>
          toast('error', error instanceof ApiError ? error.message : t('common.unknownError')),
      },
    );
  };
  return { toggle, pending: setTag.isPending };
}
