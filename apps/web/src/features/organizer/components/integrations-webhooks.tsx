import {
  createWebhookRequest,
  type Webhook,
  type WebhookEventType,
  webhookEventTypes,
} from '@foyer/contract';
import { Alert, Badge, Button, Divider, Group, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
} from '../api/integrations';
import { DeliveryLog } from './integrations-deliveries';
import { ConfirmModal } from './integrations-dialogs';
import { EVENT_LABEL } from './integrations-labels';
import { SecretIssuingSection } from './integrations-section';

type Pending = { kind: 'delete' | 'rotate'; webhook: Webhook } | null;

/** Webhooks: add (the signing secret shown once), switch on and off, send a test, rotate, delete, delivery log. */
export function WebhooksSection({ eventId, timezone }: { eventId: number; timezone: string }) {
  const { t } = useTranslation();
  const hooks = useWebhooks(eventId);
  const create = useCreateWebhook(eventId);
  const update = useUpdateWebhook(eventId);
  const remove = useDeleteWebhook(eventId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...webhookEventTypes]);
  const [secret, setSecret] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  const confirmPending = () => {
    if (!pending) return;
    const done = () => setPending(null);
    if (pending.kind === 'delete') remove.mutate(pending.webhook.id, { onSuccess: done });
    else
      update.mutate(
        { id: pending.webhook.id, body: { rotateSecret: true } },
        {
          onSuccess: (answer) => {
            done();
            setSecret(answer.secret);
          },
        },
      );
  };

  return (
    <SecretIssuingSection
      id="integrations-hooks-title"
      title={t('organizer.integrations.hooks.title')}
      intro={t('organizer.integrations.hooks.intro')}
      formTestId="integrations-hook-form"
      field={{
        key: 'url',
        label: t('organizer.integrations.hooks.url'),
        render: (error) => (
          <TextInput
            label={t('organizer.integrations.hooks.url')}
            placeholder={t('organizer.integrations.hooks.urlPlaceholder')}
            type="url"
            required
            maxLength={2000}
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={error}
            data-testid="integrations-hook-url"
          />
        ),
      }}
      choices={{
        key: 'events',
        label: t('organizer.integrations.hooks.events'),
        value: events,
        onChange: (value) => setEvents(value as WebhookEventType[]),
        options: webhookEventTypes.map((event) => ({ value: event, label: t(EVENT_LABEL[event]) })),
      }}
      parse={() => createWebhookRequest.safeParse({ url, events })}
      create={create}
      createLabel={t('organizer.integrations.hooks.create')}
      createTestId="integrations-hook-create"
      onCreated={() => setUrl('')}
      loadFailed={hooks.isError}
      emptyText={hooks.data?.length === 0 ? t('organizer.integrations.hooks.empty') : null}
      secret={secret}
      secretTitle={t('organizer.integrations.secret.hookTitle')}
      secretWarning={t('organizer.integrations.secret.hookWarning')}
      onSecret={setSecret}
      dialogs={
        <ConfirmModal
          opened={pending !== null}
          title={t(
            pending?.kind === 'rotate'
              ? 'organizer.integrations.hooks.rotateTitle'
              : 'organizer.integrations.hooks.deleteTitle',
          )}
          body={
            pending?.kind === 'rotate'
              ? t('organizer.integrations.hooks.rotateBody')
              : t('organizer.integrations.hooks.deleteBody', { url: pending?.webhook.url ?? '' })
          }
          confirm={t(
            pending?.kind === 'rotate'
              ? 'organizer.integrations.hooks.rotate'
              : 'organizer.integrations.hooks.delete',
          )}
          loading={remove.isPending || update.isPending}
          onClose={() => setPending(null)}
          onConfirm={confirmPending}
        />
      }
    >
      {hooks.data?.map((webhook) => (
        <WebhookCard
          key={webhook.id}
          eventId={eventId}
          webhook={webhook}
          timezone={timezone}
          onAsk={(kind) => setPending({ kind, webhook })}
        />
      ))}
    </SecretIssuingSection>
  );
}

function WebhookCard({
  eventId,
  webhook,
  timezone,
  onAsk,
}: {
  eventId: number;
  webhook: Webhook;
  timezone: string;
  onAsk: (kind: 'delete' | 'rotate') => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateWebhook(eventId);
  const test = useTestWebhook(eventId);
  const [showLog, setShowLog] = useState(false);
  const result = test.data;

  return (
    <Paper withBorder p="md" radius="sm" data-testid="integrations-hook">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text fw={600} style={{ wordBreak: 'break-all' }}>
            {webhook.url}
          </Text>
          <Switch
            label={t('organizer.integrations.hooks.active')}
            aria-label={t('organizer.integrations.hooks.activeLabel', { url: webhook.url })}
            checked={webhook.active}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ id: webhook.id, body: { active: e.currentTarget.checked } })}
            data-testid="integrations-hook-active"
          />
        </Group>
        <Group gap={4} wrap="wrap">
          {webhook.events.map((event) => (
            <Badge key={event} variant="default" size="sm">
              {t(EVENT_LABEL[event])}
            </Badge>
          ))}
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            loading={test.isPending}
            onClick={() => {
              setShowLog(true);
              test.mutate(webhook.id);
            }}
            data-testid="integrations-hook-test"
          >
            {t('organizer.integrations.hooks.test')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
            {t(showLog ? 'organizer.integrations.hooks.hideLog' : 'organizer.integrations.hooks.showLog')}
          </Button>
          <Button size="xs" variant="default" onClick={() => onAsk('rotate')}>
            {t('organizer.integrations.hooks.rotate')}
          </Button>
          <Button size="xs" color="red" variant="light" onClick={() => onAsk('delete')}>
            {t('organizer.integrations.hooks.delete')}
          </Button>
        </Group>
        {result && (
          <Alert
            color={result.status === 'delivered' ? 'green' : 'orange'}
            role="status"
            data-testid="integrations-test-result"
          >
            {result.status === 'delivered'
              ? t('organizer.integrations.hooks.testDelivered', { code: result.lastStatusCode ?? '' })
              : t('organizer.integrations.hooks.testFailed', {
                  error: result.lastError ?? String(result.lastStatusCode ?? ''),
                })}
          </Alert>
        )}
        {showLog && (
          <>
            <Divider />
            <DeliveryLog eventId={eventId} webhook={webhook} timezone={timezone} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
