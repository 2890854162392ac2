import { Group, Paper, RingProgress, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '../../../i18n/react';
import { completeness } from '../lib/wizard';
import '../i18n';

/** E9.46: how complete the event profile is, out of 5 points. */
export function CompletenessMeter({ points }: { points: number }) {
  const { t } = useTranslation();
  const { shown, of, percent, complete } = completeness(points);
  return (
    <Paper withBorder radius="md" p="md" data-testid="profile-completeness" data-points={shown}>
      <Group wrap="nowrap" gap="md">
        <RingProgress
          size={72}
          thickness={7}
          roundCaps
          sections={[{ value: percent, color: complete ? 'teal' : 'foyer' }]}
          label={
            complete ? (
              <IconCircleCheck
                size={28}
                color="var(--mantine-color-teal-7)"
                aria-hidden
                style={{ display: 'block', margin: 'auto' }}
              />
            ) : (
              <Text ta="center" fw={700} size="sm" aria-hidden>
                {shown}/{of}
              </Text>
            )
          }
          aria-hidden
        />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} data-testid="profile-completeness-text">
            {t('attendees.wizard.completeness', { points: shown, max: of })}
          </Text>
          <Text size="sm" c="dimmed">
            {t(complete ? 'attendees.wizard.complete' : 'attendees.wizard.incomplete')}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
