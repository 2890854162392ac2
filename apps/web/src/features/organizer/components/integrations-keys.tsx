import { type ApiKey, type ApiKeyScope, apiKeyScopes, createApiKeyRequest } from '@foyer/contract';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../../i18n/keys';
import { ApiError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/dates';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/integrations';
import { ConfirmModal, SecretModal } from './integrations-dialogs';
import { SCOPE_LABEL } from './integrations-labels';

type Errors = Partial<Record<'name' | 'scopes', string>>;

/** API keys: create (the secret shown once), list by prefix with scopes and last use, revoke. */
export function ApiKeysSection({ eventId, timezone }: { eventId: number; timezone: string }) {
  const { t } = useTranslation();
  const keys = useApiKeys(eventId);
  const create = useCreateApiKey(eventId);
  const revoke = useRevokeApiKey(eventId);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['participants:read', 'sessions:read']);
  const [errors, setErrors] = useState<Errors>({});
  const [secret, setSecret] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = createApiKeyRequest.safeParse({ name, scopes });
    const next: Errors = {};
    const label = { name: t('organizer.integrations.keys.name') };
    for (const issue of parsed.error?.issues ?? []) {
      const key = String(issue.path[0]) as keyof Errors;
      next[key] ??= messageText(t, issue.message, label);
    }
    setErrors(next);
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (created) => {
        setSecret(created.secret);
        setName('');
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          const fields: Errors = {};
          for (const [key, message] of Object.entries(error.fields)) {
            fields[key.split('.')[0] as keyof Errors] = messageText(t, message, label);
          }
          setErrors(fields);
        }
      },
    });
  };

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="integrations-keys-title">
      <Stack gap="md">
        <Title order={2} size="h3" id="integrations-keys-title">
          {t('organizer.integrations.keys.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('organizer.integrations.keys.intro', { path: `/api/v1/integration/event/${eventId}/…` })}
        </Text>
        <form noValidate onSubmit={submit} data-testid="integrations-key-form">
          <Stack gap="sm">
            <TextInput
              label={t('organizer.integrations.keys.name')}
              placeholder={t('organizer.integrations.keys.namePlaceholder')}
              required
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              data-testid="integrations-key-name"
            />
            <Checkbox.Group
              label={t('organizer.integrations.keys.scopes')}
              value={scopes}
              onChange={(value) => setScopes(value as ApiKeyScope[])}
              error={errors.scopes}
            >
              <Group gap="md" mt={4} wrap="wrap">
                {apiKeyScopes.map((scope) => (
                  <Checkbox key={scope} value={scope} label={t(SCOPE_LABEL[scope])} />
                ))}
              </Group>
            </Checkbox.Group>
            <Group>
              <Button type="submit" loading={create.isPending} data-testid="integrations-key-create">
                {t('organizer.integrations.keys.create')}
              </Button>
            </Group>
          </Stack>
        </form>

        {keys.isError && <Alert color="red">{t('organizer.integrations.loadFailed')}</Alert>}
        {keys.data?.length === 0 && <Text c="dimmed">{t('organizer.integrations.keys.empty')}</Text>}
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
      </Stack>

      <SecretModal
        secret={secret}
        title={t('organizer.integrations.secret.keyTitle')}
        warning={t('organizer.integrations.secret.keyWarning')}
        onClose={() => setSecret(null)}
      />
      <ConfirmModal
        opened={revoking !== null}
        title={t('organizer.integrations.keys.revokeTitle')}
        body={t('organizer.integrations.keys.revokeBody', { name: revoking?.name ?? '' })}
        confirm={t('organizer.integrations.keys.revoke')}
        loading={revoke.isPending}
        onClose={() => setRevoking(null)}
        onConfirm={() => revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })}
      />
    </Paper>
  );
}
