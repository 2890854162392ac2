import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';

/** A2.19: any other path. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Center component="main" mih="100vh" p="lg">
      <Stack align="center" gap="md" maw={420} ta="center">
        <Text fw={800} fz={64} c="foyer.7" aria-hidden>
          404
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text>{t('notFound.text')}</Text>
        <Button component={Link} to="/event/list" data-testid="not-found-back">
          {t('notFound.back')}
        </Button>
      </Stack>
    </Center>
  );
}
