import type { EventAreaPage } from '@foyer/contract';
import { EmptyState, Paper } from '@mantine/core';
import {
  IconArmchair,
  IconBuildingStore,
  IconMap,
  IconMicrophone,
  IconPresentation,
  IconUsers,
  type TablerIcon,
} from '@tabler/icons-react';
import { isTranslationKey } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';

const ICON: Record<EventAreaPage, TablerIcon> = {
  attendees: IconUsers,
  sessions: IconPresentation,
  expo: IconBuildingStore,
  speakers: IconMicrophone,
  venueMap: IconMap,
  lobby: IconArmchair,
};

/**
 * One tab's content. The directory, programme, expo and lobby screens are separate features that
 * take their tab over; until one does, the tab says what it will hold.
 */
export function TabPanelContent({ page }: { page: EventAreaPage }) {
  const { t } = useTranslation();
  const Icon = ICON[page];
  const text = `eventArea.tab.${page}.text`;
  return (
    <Paper withBorder radius="md" data-testid={`event-tab-panel-${page}`}>
      <EmptyState
        py="xl"
        icon={<Icon size={32} aria-hidden />}
        title={t(`eventArea.tab.${page}.title`)}
        description={isTranslationKey(text) ? t(text) : undefined}
      />
    </Paper>
  );
}
