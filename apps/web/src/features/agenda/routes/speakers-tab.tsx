import type { EventDetails } from '@foyer/contract';
import {
  Avatar,
  Center,
  EmptyState,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconMicrophone, IconSearch, IconSearchOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { overCurrentPage } from '../../../lib/modal-route';
import { useSpeakers } from '../api/sessions-api';
import '../i18n';

const norm = (s: string) => s.toLocaleLowerCase();

/** E3.24: the event's speakers; a card opens the speaker with their sessions. */
export function SpeakersTab({ event }: { event: EventDetails }) {
  return (
    <div data-testid="event-tab-panel-speakers">
      <SpeakersTabBody event={event} />
    </div>
  );
}

function SpeakersTabBody({ event }: { event: EventDetails }) {
  const { t } = useTranslation();
  const location = useLocation();
  const query = useSpeakers(event.id);
  const [q, setQ] = useState('');
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  }
  const speakers = query.data ?? [];
  if (query.isError || speakers.length === 0) {
    return (
      <Paper withBorder radius="md" data-testid="speakers-empty">
        <EmptyState
          py="xl"
          icon={<IconMicrophone size={32} aria-hidden />}
          title={query.isError ? t('agenda.error.load') : t('agenda.speakers.empty.title')}
          description={query.isError ? query.error.message : t('agenda.speakers.empty.text')}
        />
      </Paper>
    );
  }
  const words = norm(q).split(/\s+/).filter(Boolean);
  const shown = speakers.filter((s) => {
    const text = norm(`${s.name} ${s.surname} ${s.company} ${s.jobTitle}`);
    return words.every((w) => text.includes(w));
  });
  return (
    <Stack gap="md" data-testid="speakers-tab">
      <VisuallyHidden>
        <Title order={2}>{t('agenda.speakers.title')}</Title>
      </VisuallyHidden>
      <TextInput
        label={t('agenda.speakers.search')}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        maw={420}
        data-testid="speakers-search"
      />
      {shown.length === 0 ? (
        <Paper withBorder radius="md">
          <EmptyState
            py="xl"
            icon={<IconSearchOff size={32} aria-hidden />}
            title={t('agenda.speakers.noMatch')}
          />
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {shown.map((s) => {
            const name = `${s.name} ${s.surname}`.trim();
            return (
              <UnstyledButton
                key={s.id}
                component={Link}
                to={`/event/${event.id}/speakers/${s.id}`}
                state={overCurrentPage(location)}
                data-testid={`speaker-card-${s.id}`}
              >
                <Paper withBorder radius="md" p="md" h="100%">
                  <Stack align="center" gap={6} ta="center">
                    <Avatar src={s.profilePhoto} name={name} alt="" size={72} radius={72} color="foyer" />
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {name}
                    </Text>
                    {(s.jobTitle || s.company) && (
                      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {[s.jobTitle, s.company].filter(Boolean).join(' · ')}
                      </Text>
                    )}
                  </Stack>
                </Paper>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      )}
    </Stack>
  );
}
