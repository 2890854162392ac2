import { type PopupTable, TABLE_SEATS } from '@foyer/contract';
import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { IconArmchair } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import '../i18n';

/** E2.56: the booth's popup meeting tables that are not over yet (8 seats each). */
export function PopupTables({ tables }: { tables: PopupTable[] }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" data-testid="booth-popup-tables">
      {tables.map((table, i) => (
        <Paper key={table.roomId} withBorder radius="md" p="sm">
          <Group gap="sm" wrap="nowrap">
            <IconArmchair size={20} aria-hidden />
            <div>
              <Text fw={600} size="sm">
                {t('expo.table.name', { number: i + 1 })}
              </Text>
              <Text size="xs" c="gray.7">
                {t('expo.table.seats', { count: TABLE_SEATS })}
              </Text>
            </div>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
