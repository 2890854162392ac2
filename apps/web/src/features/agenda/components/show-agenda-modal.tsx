import type { AgendaResult } from '@foyer/contract';
import { Center, Loader, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/react';
import { api } from '../../../lib/api-client';
import { agendaKeys } from '../api/sessions-api';
import { useNow } from '../lib/use-now';
import { AgendaList } from './agenda-list';
import '../i18n';

interface Props {
  eventId: number;
  participantId: number;
  participantName: string;
  opened: boolean;
  onClose(): void;
}

/**
 * showAgendaModal (E6.10): an organizer or a holder of the onbehalfmeeting right reads another
 * participant's agenda of this event. For the attendee profile to open.
 */
export function ShowAgendaModal({ eventId, participantId, participantName, opened, onClose }: Props) {
  const { t } = useTranslation();
  const now = useNow();
  const query = useQuery({
    queryKey: [...agendaKeys.all, 'of', eventId, participantId],
    queryFn: () =>
      api<AgendaResult>('/event/agenda', { query: { eventId, participantId } }).then((r) => r.items),
    enabled: opened,
    retry: false,
  });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('agenda.showAgenda.title', { name: participantName })}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <div data-testid="show-agenda-modal">
        {query.isPending ? (
          <Center py="xl">
            <Loader aria-label={t('common.loading')} />
          </Center>
        ) : query.isError ? (
          <Text c="red" role="alert">
            {query.error.message}
          </Text>
        ) : query.data.length === 0 ? (
          <Text c="dimmed">{t('agenda.showAgenda.empty')}</Text>
        ) : (
          <AgendaList items={query.data} now={now} compact readOnly headingOrder={3} />
        )}
      </div>
    </Modal>
  );
}
