import type { ContactLookup } from '@foyer/contract';
import { ActionIcon, Alert, TextInput } from '@mantine/core';
import { IconScan, IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { lookupContact } from '../api/contacts';
import '../i18n';

/**
 * E2.80, E4.64, E5.40, E5.52, E5.53: a badge's code (typed, pasted, or from a handheld scanner that
 * types it and presses Enter) finds its owner at the event and fills the form.
 */
export function BadgeLookup({ eventId, onFound }: { eventId: number; onFound(found: ContactLookup): void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const lookup = useMutation({
    mutationFn: (value: string) => lookupContact(eventId, value),
    onSuccess: onFound,
  });
  const run = () => {
    if (code.trim()) lookup.mutate(code.trim());
  };
  const error = lookup.error
    ? lookup.error instanceof ApiError && lookup.error.status === 404
      ? t('contacts.lookup.notFound')
      : lookup.error instanceof ApiError && lookup.error.status === 400
        ? t('contacts.lookup.invalid')
        : lookup.error.message
    : undefined;
  return (
    <>
      <TextInput
        label={t('contacts.lookup.label')}
        description={t('contacts.lookup.hint')}
        leftSection={<IconScan size={18} aria-hidden />}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            run();
          }
        }}
        error={error}
        rightSection={
          <ActionIcon
            variant="subtle"
            onClick={run}
            loading={lookup.isPending}
            aria-label={t('contacts.lookup.find')}
            data-testid="badge-lookup-find"
          >
            <IconSearch size={18} aria-hidden />
          </ActionIcon>
        }
        data-testid="badge-lookup"
      />
      {lookup.data && (
        <Alert
          color={lookup.data.existingContactId ? 'yellow' : 'green'}
          py="xs"
          data-testid="badge-lookup-found"
        >
          {lookup.data.existingContactId
            ? t('contacts.lookup.existing', {
                name: `${lookup.data.firstName} ${lookup.data.lastName}`.trim(),
              })
            : t('contacts.lookup.found', { name: `${lookup.data.firstName} ${lookup.data.lastName}`.trim() })}
        </Alert>
      )}
    </>
  );
}
