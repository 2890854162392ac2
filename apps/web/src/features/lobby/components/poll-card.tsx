import { canVote, type Poll } from '@foyer/contract';
import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format-date';
import { useSession } from '../../../lib/session-store';
import { PollActions } from './poll-actions';
import { PollResults } from './poll-results';
import { PollVote } from './poll-vote';
import '../i18n';

const STATUS_COLOR = {
  draft: 'gray.7',
  scheduled: 'blue.9',
  published: 'teal.9',
  closed: 'dark.5',
} as const;

function StatusBadge({ poll }: { poll: Poll }) {
  const { t } = useTranslation();
  const zone = useSession((state) => state.user?.timezone ?? null);
  const label =
    poll.status === 'scheduled'
      ? t('lobby.poll.status.scheduled', { date: formatDateTime(poll.postAt, zone) })
      : poll.status === 'closed' && poll.finishedAt
        ? t('lobby.poll.status.finished')
        : t(`lobby.poll.status.${poll.status}`);
  return (
    <Badge
      variant="filled"
      color={STATUS_COLOR[poll.status]}
      size="sm"
      style={{ flexShrink: 0 }}
      data-testid="poll-status"
    >
      {label}
    </Badge>
  );
}

/** One poll (E2.48): the question, a ballot while it is open, then the results when they may be seen. */
export function PollCard({ poll, moderator, onEdit }: { poll: Poll; moderator: boolean; onEdit(): void }) {
  const { t } = useTranslation();
  const voting = canVote(poll);
  const showResults = poll.results !== null && (!voting || moderator);
  const note = voting
    ? null
    : poll.results === null
      ? poll.myAnswers
        ? t('lobby.poll.thanks')
        : poll.status === 'closed'
          ? t('lobby.poll.closed')
          : null
      : null;
  const titleId = `poll-${poll.id}-question`;
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid="poll-card"
      data-poll-id={poll.id}
      data-status={poll.status}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={4} miw={0}>
            <StatusBadge poll={poll} />
            <Title
              order={3}
              size="h5"
              id={titleId}
              style={{ overflowWrap: 'anywhere' }}
              data-testid="poll-question"
            >
              {poll.question}
            </Title>
          </Stack>
          {moderator && <PollActions poll={poll} onEdit={onEdit} />}
        </Group>
        {voting && <PollVote poll={poll} />}
        {showResults && <PollResults poll={poll} />}
        {note && (
          <Text size="sm" c="gray.7" data-testid="poll-note">
            {note}
          </Text>
        )}
        {moderator && !poll.resultsVisible && !poll.autoPublishResults && poll.status !== 'draft' && (
          <Text size="xs" c="gray.7">
            {t('lobby.poll.resultsHidden')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
