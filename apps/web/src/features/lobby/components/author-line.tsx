import type { PersonSummary } from '@foyer/contract';
import { Avatar, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/react';
import { formatDateTime } from '../../../lib/format-date';
import { useSession } from '../../../lib/session-store';
import '../i18n';

/** Who wrote it and when (a missing author is shown as Deleted, E3.04). */
export function AuthorLine({
  author,
  at,
  size = 'md',
  extra,
  label,
}: {
  author: PersonSummary | null;
  at: string;
  size?: 'sm' | 'md';
  extra?: ReactNode;
  /** Shown beside the name (who posted it: organizer or participant). */
  label?: ReactNode;
}) {
  const { t } = useTranslation();
  const zone = useSession((state) => state.user?.timezone ?? null);
  const name = author?.fullName || t('lobby.author.deleted');
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <Avatar src={author?.profilePhoto} name={name} alt="" radius="xl" size={size === 'sm' ? 32 : 40} />
      <Stack gap={0} miw={0}>
        <Group gap={6} wrap="nowrap" miw={0}>
          <Text size="sm" fw={600} truncate="end">
            {name}
          </Text>
          {label}
        </Group>
        <Text size="xs" c="gray.7">
          <time dateTime={at}>{formatDateTime(at, zone)}</time>
          {extra}
        </Text>
      </Stack>
    </Group>
  );
}
