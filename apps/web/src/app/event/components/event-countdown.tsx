import { Group, Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { countdown } from '../../../lib/countdown';
import classes from './event-header.module.css';

/**
 * E9.47: until the event starts, the time left as zero-padded days, hours, minutes and seconds. A
 * timer role (not announced each second); its spoken label counts in minutes.
 */
export function EventCountdown({ startsAt }: { startsAt: string }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  const left = countdown(startsAt, now);
  const running = left !== null;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (!left) return null;
  const parts = [
    [left.days, t('events.countdown.days')],
    [left.hours, t('events.countdown.hours')],
    [left.minutes, t('events.countdown.minutes')],
    [left.seconds, t('events.countdown.seconds')],
  ] as const;
  return (
    <div className={classes.countdown} role="timer" data-testid="event-countdown">
      <Text size="sm" c="inherit" fw={600} aria-hidden>
        {t('events.countdown.label')}
      </Text>
      <Group gap={6} wrap="nowrap" aria-hidden>
        {parts.map(([value, unit]) => (
          <span key={unit} className={classes.countdownPart}>
            <strong>{value}</strong> <small>{unit}</small>
          </span>
        ))}
      </Group>
      <VisuallyHidden>{t('events.countdown.spoken', left.values)}</VisuallyHidden>
    </div>
  );
}
