import type { Poll } from '@foyer/contract';
import { Alert, Button, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { usePolls } from '../api/polls';
import { PollCard } from './poll-card';
import '../i18n';

interface Props {
  eventId: number;
  moderator: boolean;
  onCreate(): void;
  onEdit(poll: Poll): void;
}

/** Polls (E2.48, E1.09): open ones first; moderators also see and manage drafts (E6.35). */
export function PollList({ eventId, moderator, onCreate, onEdit }: Props) {
  const { t } = useTranslation();
  const query = usePolls(eventId);
  const polls = query.data ?? [];
  return (
    <Stack gap="sm" component="section" aria-labelledby="lobby-polls-title" data-testid="lobby-polls">
      <Group justify="space-between" gap="xs">
        <Title order={2} size="h4" id="lobby-polls-title">
          {t('lobby.polls.title')}
        </Title>
        {moderator && (
          <Button
            size="compact-sm"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={onCreate}
            data-testid="poll-create"
          >
            {t('lobby.polls.create')}
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <Center py="md">
          <Loader size="sm" role="status" aria-label={t('common.loading')} />
        </Center>
      ) : query.isError ? (
        <Alert color="red" role="alert">
          {query.error.message}
        </Alert>
      ) : polls.length === 0 ? (
        <Paper withBorder radius="md" p="md">
          <Text size="sm" c="gray.7" data-testid="polls-empty">
            {t('lobby.polls.empty')}
          </Text>
        </Paper>
      ) : (
        polls.map((poll) => (
          <PollCard key={poll.id} poll={poll} moderator={moderator} onEdit={() => onEdit(poll)} />
        ))
      )}
    </Stack>
  );
}
