import { Button, EmptyState, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface Props {
  title: string;
  icon: ReactNode;
  heading: string;
  text: string;
  action?: { label: string; to: string };
  testId: string;
}

/** A page of the shell whose content is a feature of its own: title and its empty state. */
export function FeaturePage({ title, icon, heading, text, action, testId }: Props) {
  return (
    <Stack gap="lg" data-testid={testId}>
      <Title order={1}>{title}</Title>
      <Paper withBorder radius="md">
        <EmptyState py="xl" icon={icon} title={heading} description={text}>
          {action && (
            <EmptyState.Actions>
              <Button component={Link} to={action.to} variant="default">
                {action.label}
              </Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      </Paper>
    </Stack>
  );
}
