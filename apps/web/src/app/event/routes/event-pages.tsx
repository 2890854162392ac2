import { Button, EmptyState, Paper, Stack, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/react';

export function EventPage({
  title,
  icon,
  heading,
  text,
  eventId,
  testId,
}: {
  title: string;
  icon: React.ReactNode;
  heading: string;
  text: string;
  eventId: number;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid={testId}>
      <Title order={1}>{title}</Title>
      <Paper withBorder radius="md">
        <EmptyState py="xl" icon={icon} title={heading} description={text}>
          <EmptyState.Actions>
            <Button component={Link} to={`/event/${eventId}/`} variant="default">
              {t('eventArea.backToEvent')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Paper>
    </Stack>
  );
}
