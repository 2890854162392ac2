import { Alert, Button, Center, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconList, IconMessage, IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { CrashReport, ReportOutcome } from './crash-report';

// The note dialog (Modal, Textarea) loads when asked for: it is not worth its weight on every first screen.
const CrashFeedback = lazy(async () => ({ default: (await import('./crash-feedback')).CrashFeedback }));

const CRASH_OUTCOME_TEXT = {
  pending: 'system.crash.reporting',
  sent: 'system.crash.reported',
  failed: 'system.crash.notReported',
} as const;

/**
 * A2.62, A2.63: title, the error message, the stack in a details element, and ways on: the event
 * list, a reload, or a note to the operators. Navigation is a full page load on purpose: whatever
 * state crashed should not survive. A2.64: it says the error was reported only once the reporting
 * service accepted it, that it could not be when sending failed, and nothing when none is set up.
 */
export function CrashScreen({
  report,
  outcome,
}: {
  report: CrashReport;
  outcome: ReportOutcome | 'pending';
}) {
  const { t } = useTranslation();
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  return (
    <Center mih="100vh" p="md" component="main" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={720} w="100%" data-testid="crash-screen">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <IconAlertTriangle size={32} color="var(--mantine-color-red-8)" aria-hidden />
            <Title order={1} size="h2">
              {t('system.crash.title')}
            </Title>
          </Group>
          <Text>
            {t('system.crash.text')}{' '}
            {outcome !== 'off' && (
              <span role="status" data-testid="crash-report-status" data-outcome={outcome}>
                {t(CRASH_OUTCOME_TEXT[outcome])}
              </span>
            )}
          </Text>
          <Alert color="red" variant="light" title={t('system.crash.message')}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="crash-message">
              {report.message || t('common.unknownError')}
            </Text>
          </Alert>
          {(report.stack || report.componentStack) && (
            <details>
              <summary style={{ cursor: 'pointer' }}>{t('system.crash.details')}</summary>
              <Code
                block
                mt="xs"
                mah={260}
                style={{ overflow: 'auto' }}
                tabIndex={0}
                data-testid="crash-stack"
              >
                {[report.stack, report.componentStack].filter(Boolean).join('\n')}
              </Code>
            </details>
          )}
          <Group gap="sm">
            <Button component="a" href="/event/list" leftSection={<IconList size={16} aria-hidden />}>
              {t('system.crash.toEvents')}
            </Button>
            <Button
              variant="default"
              onClick={() => window.location.reload()}
              leftSection={<IconRefresh size={16} aria-hidden />}
            >
              {t('system.crash.reload')}
            </Button>
            <Button
              variant="subtle"
              onClick={() => setFeedbackOpen(true)}
              leftSection={<IconMessage size={16} aria-hidden />}
              data-testid="crash-feedback"
            >
              {t('system.crash.feedback')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      {feedbackOpen && (
        <Suspense fallback={null}>
          <CrashFeedback report={report} onClose={() => setFeedbackOpen(false)} />
        </Suspense>
      )}
    </Center>
  );
}
