import { type ApiKey, type ApiKeyScope, apiKeyScopes, createApiKeyRequest } from '@foyer/contract';
import { Badge, Button, Code, Group, Table, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format-date';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/integrations';
import { ConfirmModal } from './integrations-dialogs';
import { SCOPE_LABEL } from './integrations-labels';
import { SecretIssuingSection } from './integrations-section';

/** API keys: create (the secret shown once), list by prefix with scopes and last use, revoke. */
export function ApiKeysSection({ eventId, timezone }: { eventId: number; timezone: string }) {
  const { t } = useTranslation();
  const keys = useApiKeys(eventId);
  const create = useCreateApiKey(eventId);
  const revoke = useRevokeApiKey(eventId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['participants:read', 'sessions:read']);
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  return (
    <SecretIssuingSection
      id="integrations-keys-title"
      title={t('organizer.integrations.keys.title')}
      intro={t('organizer.integrations.keys.intro', { path: `/api/v1/integration/event/${eventId}/…` })}
      formTestId="integrations-key-form"
      field={{
        key: 'name',
        label: t('organizer.integrations.keys.name'),
        render: (error) => (
          <TextInput
            label={t('organizer.integrations.keys.name')}
            placeholder={t('organizer.integrations.keys.namePlaceholder')}
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={error}
            data-testid="integrations-key-name"
          />
        ),
      }}
      choices={{
        key: 'scopes',
        label: t('organizer.integrations.keys.scopes'),
        value: scopes,
        onChange: (value) => setScopes(value as ApiKeyScope[]),
        options: apiKeyScopes.map((scope) => ({ value: scope, label: t(SCOPE_LABEL[scope]) })),
      }}
      parse={() => createApiKeyRequest.safeParse({ name, scopes })}
      create={create}
      createLabel={t('organizer.integrations.keys.create')}
      createTestId="integrations-key-create"
      onCreated={() => setName('')}
      loadFailed={keys.isError}
      emptyText={keys.data?.length === 0 ? t('organizer.integrations.keys.empty') : null}
      secret={secret}
      secretTitle={t('organizer.integrations.secret.keyTitle')}
      secretWarning={t('organizer.integrations.secret.keyWarning')}
      onSecret={setSecret}
      dialogs={
        <ConfirmModal
          opened={revoking !== null}
          title={t('organizer.integrations.keys.revokeTitle')}
          body={t('organizer.integrations.keys.revokeBody', { name: revoking?.name ?? '' })}
          confirm={t('organizer.integrations.keys.revoke')}
          loading={revoke.isPending}
          onClose={() => setRevoking(null)}
          onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
        />
      }
    >
      {keys.data && keys.data.length > 0 && (
        <Table.ScrollContainer
          minWidth={640}
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t('organizer.integrations.keys.title')}
        >
          <Table aria-labelledby="integrations-keys-title" data-testid="integrations-keys">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('organizer.integrations.keys.name')}</Table.Th>
                <Table.Th>{t('organizer.integrations.keys.key')}</Table.Th>
                <Table.Th>{t('organizer.integrations.keys.scopes')}</Table.Th>
                <Table.Th>{t('organizer.integrations.keys.lastUsed')}</Table.Th>
                <Table.Th>{t('organizer.integrations.keys.status')}</Table.Th>
                <Table.Th>{t('organizer.integrations.keys.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.data.map((key) => (
                <Table.Tr key={key.id}>
                  <Table.Td>{key.name}</Table.Td>
                  <Table.Td>
                    <Code>foyer_{key.prefix}…</Code>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="wrap">
                      {key.scopes.map((scope) => (
                        <Badge key={scope} variant="default" size="sm">
                          {t(SCOPE_LABEL[scope])}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {key.lastUsedAt
                      ? formatDateTime(key.lastUsedAt, timezone)
                      : t('organizer.integrations.never')}
                  </Table.Td>
                  <Table.Td>
                    {key.revokedAt ? (
                      <Badge variant="dot" color="gray">
                        {t('organizer.integrations.keys.revoked')}
                      </Badge>
                    ) : (
                      <Badge variant="dot" color="green">
                        {t('organizer.integrations.keys.active')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {!key.revokedAt && (
                      <Button
                        size="xs"
                        color="red"
                        variant="light"
                        aria-label={t('organizer.integrations.keys.revokeLabel', { name: key.name })}
                        onClick={() => setRevoking(key)}
                      >
                        {t('organizer.integrations.keys.revoke')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SecretIssuingSection>
  );
}
