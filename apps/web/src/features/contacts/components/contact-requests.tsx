import type { ContactRequest } from '@foyer/contract';
import { Avatar, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useAnswerRequest, useContactRequests } from '../api/contacts';
import '../i18n';

function Received({
  request,
  reply,
  pending,
}: {
  request: ContactRequest;
  reply(accept: boolean): void;
  /** This request's answer on its way: true (accept) or false (decline); null when none. */
  pending: boolean | null;
}) {
  const { t } = useTranslation();
  const name = request.person.fullName;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="contact-request">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Avatar src={request.person.profilePhoto} name={name} alt="" color="foyer" />
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <div>
            <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Text>
            {(request.person.jobTitle || request.person.company) && (
              <Text size="xs" c="gray.7">
                {[request.person.jobTitle, request.person.company].filter(Boolean).join(' · ')}
              </Text>
            )}
            <Text size="xs" c="gray.7">
              {t('contacts.exchange.hintReceived', { name })}
            </Text>
          </div>
          <Group gap="xs">
            <Button
              size="xs"
              onClick={() => reply(true)}
              loading={pending === true}
              disabled={pending !== null}
              aria-label={t('contacts.requests.acceptName', { name })}
              data-testid="contact-request-accept"
            >
              {t('contacts.requests.accept')}
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => reply(false)}
              loading={pending === false}
              disabled={pending !== null}
              aria-label={t('contacts.requests.rejectName', { name })}
              data-testid="contact-request-reject"
            >
              {t('contacts.requests.reject')}
            </Button>
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/** E4.62: requests waiting for my answer (accept or decline), and how many of mine wait for theirs. */
export function ContactRequests() {
  const { t } = useTranslation();
  const requests = useContactRequests();
  // Here, not in each request: the answered request leaves the list before the answer's toast.
  const answer = useAnswerRequest();
  const reply = (request: ContactRequest, accept: boolean) =>
    answer.mutate(
      { id: request.id, accept },
      {
        onSuccess: () =>
          toast(
            'success',
            accept
              ? t('contacts.requests.accepted', { name: request.person.fullName })
              : t('contacts.requests.rejected'),
          ),
        onError: (error) => toast('error', error.message),
      },
    );
  const received = requests.data?.received ?? [];
  const sent = requests.data?.sent ?? [];
  if (received.length === 0 && sent.length === 0) return null;
  return (
    <Stack
      gap="xs"
      component="section"
      aria-labelledby="contact-requests-title"
      data-testid="contact-requests"
    >
      <Title order={2} size="h5" id="contact-requests-title">
        {t('contacts.requests.title')}
      </Title>
      {received.map((r) => (
        <Received
          key={r.id}
          request={r}
          reply={(accept) => reply(r, accept)}
          pending={answer.isPending && answer.variables?.id === r.id ? answer.variables.accept : null}
        />
      ))}
      {sent.length > 0 && (
        <Text size="xs" c="gray.7" data-testid="contact-requests-sent">
          {t('contacts.requests.waiting', { count: sent.length })}
        </Text>
      )}
    </Stack>
  );
}
