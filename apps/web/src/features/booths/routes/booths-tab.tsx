import {
  type BoothGroup,
  canManageBooth,
  type EventDetails,
  groupBooths,
  visibleEventTabs,
} from '@foyer/contract';
import {
  Alert,
  Button,
  EmptyState,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingStore, IconEdit, IconSearch, IconSearchOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { useBooths } from '../api/booths';
import { useTeam } from '../api/team';
import { BoothCard } from '../components/booth-card';
import { TeamInvitation } from '../components/team-invitation';
import '../i18n';
import type { TranslationKey } from '../../../i18n/keys';

const SECTION_TITLE: Record<BoothGroup, TranslationKey> = {
  sponsor: 'expo.section.sponsor',
  partner: 'expo.section.partner',
  booth: 'expo.section.booth',
};

/** "Edit my booth" for the owner and admins of a booth (E6.25, A2.07). */
function MyBoothButton({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const team = useTeam(eventId);
  if (!team.data?.boothId || !canManageBooth(team.data.myRole)) return null;
  return (
    <Button
      component={Link}
      to={`/event/${eventId}/company/profile`}
      variant="light"
      leftSection={<IconEdit size={16} aria-hidden />}
      data-testid="expo-edit-my-booth"
    >
      {t('expo.editMyBooth')}
    </Button>
  );
}

/** E1.02, A2.67: the expo tab: sponsors, partners and exhibitors in sections, searchable by name. */
export function BoothsTab({ event }: { event: EventDetails }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), 300);
  const booths = useBooths(event.id, query);
  const sections = groupBooths(booths.data ?? [], visibleEventTabs(event));
  const searching = booths.isFetching && query !== '';

  return (
    <Stack gap="lg" data-testid="expo-tab">
      <TeamInvitation eventId={event.id} />
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          label={t('expo.search.label')}
          placeholder={t('expo.search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={searching ? <Loader size="xs" aria-label={t('common.loading')} /> : null}
          type="search"
          maxLength={200}
          style={{ flex: '1 1 260px', maxWidth: 480 }}
          data-testid="expo-search"
        />
        <MyBoothButton eventId={event.id} />
      </Group>
      {booths.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={110} radius="md" />
          ))}
        </SimpleGrid>
      ) : booths.error && !booths.data ? (
        <Alert color="red" role="alert" title={t('expo.loadError')}>
          <Group justify="space-between" gap="sm">
            {booths.error.message}
            <Button size="xs" variant="default" onClick={() => booths.refetch()}>
              {t('common.retry')}
            </Button>
          </Group>
        </Alert>
      ) : sections.length === 0 ? (
        <Paper withBorder radius="md" data-testid="expo-empty">
          <EmptyState
            py="xl"
            icon={
              query ? <IconSearchOff size={32} aria-hidden /> : <IconBuildingStore size={32} aria-hidden />
            }
            title={query ? t('expo.empty.searchTitle', { query }) : t('expo.empty.title')}
            description={query ? t('expo.empty.searchText') : t('expo.empty.text')}
          />
        </Paper>
      ) : (
        sections.map((section) => (
          <section
            key={section.group}
            aria-labelledby={`expo-section-${section.group}`}
            data-testid={`expo-section-${section.group}`}
          >
            <Title order={2} size="h3" mb="sm" id={`expo-section-${section.group}`}>
              {t(SECTION_TITLE[section.group])}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {section.booths.map((booth) => (
                <BoothCard key={booth.id} booth={booth} />
              ))}
            </SimpleGrid>
          </section>
        ))
      )}
    </Stack>
  );
}
