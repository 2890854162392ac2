import type { PublicEvent } from '@foyer/contract';
import { Box, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';

/**
 * The auth side panel for a known event domain: its custom login page (A2.37), else its side banner
 * and description (A2.38), else 'No info' (A2.39). The login page is organizer HTML, so it renders
 * in a sandboxed frame with scripts off rather than in our document.
 */
export function EventSidePanel({ event }: { event: PublicEvent }) {
  const { t } = useTranslation();
  const loginPage = event.pages?.login?.trim();
  if (loginPage) {
    return (
      <Box
        component="iframe"
        title={event.name}
        srcDoc={loginPage}
        sandbox=""
        w="100%"
        h="100%"
        mih="24rem"
        bd={0}
      />
    );
  }
  const banner = event.images?.side_banner ?? null;
  const description = event.description?.trim();
  return (
    <Stack p="xl" gap="md" h="100%" bg="gray.0" data-testid="event-side-panel">
      <Title order={2}>{event.name}</Title>
      {banner && (
        <Image src={banner} alt="" radius="md" mah={{ base: 180, sm: 320 }} w="100%" fit="contain" />
      )}
      {description ? (
        <Text style={{ whiteSpace: 'pre-line' }}>{description}</Text>
      ) : (
        !banner && <Text c="gray.7">{t('auth.layout.noInfo')}</Text>
      )}
    </Stack>
  );
}
