import type { SessionRole } from '@foyer/contract';
import { ActionIcon, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { useParticipantSearch } from '../api/programme';

export interface SpeakerDraft {
  participantId: number;
  role: SessionRole;
  label: string;
}

const ROLES: SessionRole[] = ['speaker', 'moderator', 'translator'];

/** Picks the people on a session's stage from the event's participants (search2), each with a role. */
export function SpeakerPicker({
  eventId,
  value,
  onChange,
  error,
}: {
  eventId: number;
  value: SpeakerDraft[];
  onChange: (next: SpeakerDraft[]) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 250);
  const search = useParticipantSearch(eventId, debounced.trim());
  const options = (search.data ?? []).filter((p) => !value.some((v) => v.participantId === p.id));
  const roleLabel = (role: SessionRole) => t(`organizer.programme.role.${role}`);

  const add = (id: string | null) => {
    const person = options.find((p) => String(p.id) === id);
    if (!person) return;
    const label = person.company ? `${person.fullName} (${person.company})` : person.fullName;
    onChange([...value, { participantId: person.id, role: 'speaker', label }]);
    setQuery('');
  };

  return (
    <Stack gap="xs">
      <Select
        label={t('organizer.programme.session.speakers')}
        placeholder={t('organizer.programme.session.speakerSearch')}
        searchable
        value={null}
        searchValue={query}
        onSearchChange={setQuery}
        nothingFoundMessage={debounced ? t('organizer.programme.session.nobodyFound') : undefined}
        data={options.map((p) => ({
          value: String(p.id),
          label: p.company ? `${p.fullName} (${p.company})` : p.fullName,
        }))}
        filter={({ options: all }) => all}
        onChange={add}
        error={error}
        data-testid="session-speaker-search"
      />
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('organizer.programme.session.noSpeakers')}
        </Text>
      ) : (
        value.map((person, index) => (
          <Group key={`${person.participantId}-${person.role}`} gap="xs" wrap="nowrap">
            <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
              {person.label}
            </Text>
            <Select
              aria-label={t('organizer.programme.session.roleOf', { name: person.label })}
              data={ROLES.map((role) => ({ value: role, label: roleLabel(role) }))}
              value={person.role}
              allowDeselect={false}
              w={140}
              onChange={(role) =>
                onChange(
                  value.map((v, i) => (i === index ? { ...v, role: (role ?? v.role) as SessionRole } : v)),
                )
              }
            />
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('organizer.programme.session.removeSpeaker', { name: person.label })}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              ×
            </ActionIcon>
          </Group>
        ))
      )}
    </Stack>
  );
}
