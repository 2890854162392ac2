import type { Poll } from '@foyer/contract';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import '../i18n';

/** Result bars (E4.59): share of voters per answer, live as votes come in. */
export function PollResults({ poll }: { poll: Poll }) {
  const { t } = useTranslation();
  const votesOf = new Map((poll.results ?? []).map((r) => [r.answerId, r.votes]));
  const mine = new Set(poll.myAnswers ?? []);
  return (
    <Stack gap="xs" data-testid="poll-results" data-total={poll.totalVoters}>
      {poll.answers.map((answer) => {
        const votes = votesOf.get(answer.id) ?? 0;
        const percent = poll.totalVoters > 0 ? Math.round((votes / poll.totalVoters) * 100) : 0;
        return (
          <Stack key={answer.id} gap={4} data-testid="poll-result" data-votes={votes}>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Group gap={4} wrap="nowrap" miw={0}>
                {mine.has(answer.id) && <IconCheck size={14} aria-label={t('lobby.poll.yourAnswer')} />}
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {answer.text}
                </Text>
              </Group>
              <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
                {percent}%
              </Text>
            </Group>
            <Progress
              value={percent}
              size="md"
              radius="xl"
              aria-label={t('lobby.poll.resultLabel', { answer: answer.text, count: votes, percent })}
            />
          </Stack>
        );
      })}
      <Text size="xs" c="gray.7" data-testid="poll-total">
        {t('lobby.poll.voters', { count: poll.totalVoters })}
      </Text>
    </Stack>
  );
}
