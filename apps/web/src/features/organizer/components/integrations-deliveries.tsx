import type { Webhook, WebhookDelivery } from '@foyer/contract';
import { Alert, Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format-date';
import { useWebhookDeliveries } from '../api/integrations';
import { eventLabelKey } from './integrations-labels';

const STATUS_COLOR: Record<WebhookDelivery['status'], string> = {
  pending: 'gray',
  failed: 'orange',
  delivered: 'green',
  dead: 'red',
};

/** A webhook's latest 50 deliveries, newest first: event, status, attempts, last answer, when. */
export function DeliveryLog({
  eventId,
  webhook,
  timezone,
}: {
  eventId: number;
  webhook: Webhook;
  timezone: string;
}) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(eventId, webhook.id);
  const titleId = `integrations-log-${webhook.id}`;

  return (
    <Stack gap="xs" data-testid="integrations-deliveries">
      <Title order={3} size="h5" id={titleId}>
        {t('organizer.integrations.log.title', { url: webhook.url })}
      </Title>
      {deliveries.isPending && <Loader size="sm" aria-label={t('common.loading')} />}
      {deliveries.isError && <Alert color="red">{t('organizer.integrations.loadFailed')}</Alert>}
      {deliveries.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('organizer.integrations.log.empty')}
        </Text>
      )}
      {deliveries.data && deliveries.data.length > 0 && (
        <Table.ScrollContainer
          minWidth={600}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t('organizer.integrations.log.title', { url: webhook.url })}
        >
          <Table aria-labelledby={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('organizer.integrations.log.time')}</Table.Th>
                <Table.Th>{t('organizer.integrations.log.event')}</Table.Th>
                <Table.Th>{t('organizer.integrations.log.status')}</Table.Th>
                <Table.Th>{t('organizer.integrations.log.attempts')}</Table.Th>
                <Table.Th>{t('organizer.integrations.log.answer')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data.map((delivery) => (
                <Table.Tr key={delivery.id} data-status={delivery.status}>
                  <Table.Td>{formatDateTime(delivery.createdAt, timezone)}</Table.Td>
                  <Table.Td>{t(eventLabelKey(delivery.event))}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[delivery.status]} variant="dot">
                      {t(`organizer.integrations.status.${delivery.status}`)}
                    </Badge>
                    {delivery.nextAttemptAt && delivery.status === 'failed' && (
                      <Text size="xs" c="dimmed">
                        {t('organizer.integrations.log.nextAttempt', {
                          time: formatDateTime(delivery.nextAttemptAt, timezone),
                        })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <span
                      title={delivery.log.map((a) => `${a.at} ${a.statusCode ?? a.error ?? ''}`).join('\n')}
                    >
                      {t('organizer.integrations.log.attemptCount', { count: delivery.attempts })}
                    </span>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" style={{ wordBreak: 'break-word' }}>
                      {delivery.lastStatusCode ?? delivery.lastError ?? '—'}
                      {delivery.lastStatusCode !== null && delivery.lastError
                        ? ` · ${delivery.lastError}`
                        : ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
