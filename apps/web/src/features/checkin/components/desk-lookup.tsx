import type { CheckInLookupItem } from '@foyer/contract';
import { Alert, Avatar, Badge, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { Ref } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useCheckInLookup } from '../api/checkin';
import '../i18n';

const SEARCH_DELAY_MS = 300;

/** The desk's search by name, e-mail or ticket code: picking a person checks them in or out. */
export function DeskLookup({
  eventId,
  q,
  onQ,
  onPick,
  inputRef,
}: {
  eventId: number;
  /** The search text, kept by the panel: back from a result, the same list shows again. */
  q: string;
  onQ(q: string): void;
  onPick(item: CheckInLookupItem): void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const [debounced] = useDebouncedValue(q.trim(), SEARCH_DELAY_MS);
  const lookup = useCheckInLookup(eventId, debounced);
  const searching = debounced.length >= 2;
  const items = searching ? (lookup.data?.items ?? []) : [];

  return (
    <Stack gap="xs" data-testid="check-in-lookup">
      <TextInput
        ref={inputRef}
        type="search"
        label={t('checkIn.lookup.label')}
        placeholder={t('checkIn.lookup.placeholder')}
        description={t('checkIn.lookup.hint')}
        leftSection={<IconSearch size={16} aria-hidden />}
        rightSection={lookup.isFetching ? <Loader size="xs" aria-label={t('common.loading')} /> : null}
        value={q}
        onChange={(e) => onQ(e.currentTarget.value)}
        autoComplete="off"
        data-testid="check-in-lookup-input"
      />
      {searching && lookup.isError && (
        <Alert color="red" role="alert">
          {t('checkIn.lookup.error')}
        </Alert>
      )}
      {searching && lookup.isSuccess && items.length === 0 && !lookup.isPlaceholderData && (
        <Text size="sm" c="dimmed" role="status">
          {t('checkIn.lookup.empty', { q: debounced })}
        </Text>
      )}
      {items.length > 0 && (
        <Stack
          component="ul"
          gap={4}
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label={t('checkIn.lookup.results')}
        >
          {items.map((item) => (
            <li key={item.participantId}>
              <UnstyledButton
                onClick={() => onPick(item)}
                w="100%"
                p="xs"
                data-testid="check-in-lookup-item"
                style={{
                  borderRadius: 'var(--mantine-radius-md)',
                  border: '1px solid var(--mantine-color-default-border)',
                }}
              >
                <Group wrap="nowrap" gap="sm">
                  <Avatar src={item.photo} name={item.fullName} alt="" size={40} radius={40} color="foyer" />
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {item.fullName}
                    </Text>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {[item.company, item.email].filter(Boolean).join(' · ')}
                    </Text>
                  </Stack>
                  <Badge color={item.checkedIn ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
                    {t(item.checkedIn ? 'checkIn.lookup.inside' : 'checkIn.lookup.outside')}
                  </Badge>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
