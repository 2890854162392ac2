import type { Poll } from '@foyer/contract';
import { Button, Checkbox, Radio, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useVote } from '../api/polls';
import '../i18n';

/** The ballot (E1.09, E7.48): one answer, or several when the poll allows it. */
export function PollVote({ poll }: { poll: Poll }) {
  const { t } = useTranslation();
  const vote = useVote(poll.eventId);
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const label = poll.multiple ? t('lobby.poll.chooseSeveral') : t('lobby.poll.chooseOne');

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) {
      setError(t('lobby.poll.chooseRequired'));
      return;
    }
    setError(null);
    vote.mutate(
      { id: poll.id, answers: chosen.map(Number) },
      {
        onSuccess: () => toast('success', t('lobby.poll.voted')),
        onError: (e) => toast('error', e.message),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} data-testid="poll-vote-form">
      <Stack gap="sm">
        {poll.multiple ? (
          <Checkbox.Group label={label} value={chosen} onChange={setChosen} error={error}>
            <Stack gap="xs" mt="xs">
              {poll.answers.map((a) => (
                <Checkbox key={a.id} value={String(a.id)} label={a.text} data-testid="poll-option" />
              ))}
            </Stack>
          </Checkbox.Group>
        ) : (
          <Radio.Group
            label={label}
            value={chosen[0] ?? null}
            onChange={(value) => setChosen(value ? [value] : [])}
            error={error}
          >
            <Stack gap="xs" mt="xs">
              {poll.answers.map((a) => (
                <Radio key={a.id} value={String(a.id)} label={a.text} data-testid="poll-option" />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Button
          type="submit"
          loading={vote.isPending}
          style={{ alignSelf: 'flex-start' }}
          data-testid="poll-submit"
        >
          {t('lobby.poll.submit')}
        </Button>
      </Stack>
    </form>
  );
}
