import type { BoothSummary } from '@foyer/contract';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { overCurrentPage } from '../../../lib/modal-route';
import { BoothLogo } from './booth-logo';
import '../i18n';

/** The booth's type as a label: exhibitor, sponsor and partner are named, others shown as given. */
export function useBoothTypeLabel() {
  const { t } = useTranslation();
  return (type: string) => t(`expo.type.${type.trim().toLowerCase()}`, { defaultValue: type });
}

/** E1.02: one booth in the expo list; it opens the booth over the list (A2.25, E2.11). */
export function BoothCard({ booth }: { booth: BoothSummary }) {
  const location = useLocation();
  const typeLabel = useBoothTypeLabel();
  return (
    <Card
      component={Link}
      to={`/event/${booth.eventId}/expo/${booth.id}`}
      state={overCurrentPage(location)}
      withBorder
      radius="md"
      padding="md"
      h="100%"
      data-testid={`booth-card-${booth.id}`}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <BoothLogo src={booth.images.logo} name={booth.boothName} size={64} />
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {booth.boothName}
          </Title>
          <Group gap="xs">
            <Badge variant="light" color="foyer" size="sm">
              {typeLabel(booth.boothType)}
            </Badge>
          </Group>
          {booth.description && (
            <Text size="sm" c="gray.7" lineClamp={2}>
              {booth.description}
            </Text>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
