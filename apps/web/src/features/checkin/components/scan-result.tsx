import { type CheckInResult, canPrintBadge } from '@foyer/contract';
import { Avatar, Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconCloudUpload,
  IconLogin2,
  IconLogout2,
  IconScan,
  IconUser,
} from '@tabler/icons-react';
import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';
import type { TFunction } from '../../../i18n/translator';
import { formatDateTime } from '../../../lib/format-date';
import { canAct, type Direction, type PanelTone, shortMoment } from '../lib/mode';
import { type DoorView, viewPerson, viewTone } from '../lib/view';
import { PrintBadgeButton } from './print-badge-button';
import '../i18n';

const TONE_COLOR: Record<PanelTone | 'neutral', string> = {
  success: 'green',
  warning: 'yellow',
  error: 'red',
  pending: 'blue',
  neutral: 'gray',
};
const TONE_ICON = {
  success: IconCircleCheck,
  warning: IconAlertTriangle,
  error: IconCircleX,
  pending: IconCloudUpload,
  neutral: IconUser,
};

interface Props {
  view: DoorView;
  eventId: number;
  /** A person picked at the desk or from a profile: check-in and check-out buttons (E4.70). */
  act?: { onAct(direction: Direction): void; pending: boolean };
  /** E4.67, E4.68: back to scanning, or close where the check-in was opened from a profile. */
  onScanNext?(): void;
  /** Where focus goes when the panel appears (a handheld scanner keeps it in its field). */
  focus?: 'none' | 'panel';
}

/**
 * E2.79 scanResult, E4.65–E4.70: the answer to a scan, large enough to read from a step away: green
 * done, amber already so, red refused or unreadable; who it is, with photo (initials without one).
 */
export function ScanResult({ view, eventId, act, onScanNext, focus = 'none' }: Props) {
  const { t } = useTranslation();
  const tone = viewTone(view) ?? 'neutral';
  const color = TONE_COLOR[tone];
  const Icon = TONE_ICON[tone];
  const person = viewPerson(view);
  const result = view.kind === 'result' ? view.result : null;
  const seq = view.seq;
  const primary = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);

  // A new view moves focus to what comes next: the first action, else "Scan next" (once per view,
  // not on every render: typing elsewhere in the panel keeps its focus).
  const choosing = act !== undefined && result === null;
  useEffect(() => {
    if (focus !== 'panel') return;
    void seq;
    const target: RefObject<HTMLButtonElement | null> = choosing ? primary : next;
    target.current?.focus();
  }, [focus, seq, choosing]);

  const { title, lines } = describe(view, t);
  const details = person
    ? [person.participantType, person.jobTitle, person.company].filter(Boolean).join(' · ')
    : '';
  const enabled = canAct({ hasStatus: result !== null, pending: act?.pending ?? false });

  return (
    <Paper
      p="md"
      radius="md"
      role="status"
      data-testid="check-in-result"
      data-outcome={result?.outcome ?? view.kind}
      data-tone={tone}
      data-seq={view.seq}
      style={{
        border: `3px solid var(--mantine-color-${color}-filled)`,
        background: `var(--mantine-color-${color}-light)`,
      }}
    >
      <Stack gap="sm">
        <Group wrap="nowrap" align="flex-start" gap="sm">
          <ThemeIcon color={color} size={44} radius="xl" aria-hidden>
            <Icon size={28} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={3} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {title}
            </Title>
            {lines.map((line) => (
              <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {line}
              </Text>
            ))}
          </Stack>
        </Group>
        {person && (
          <Group wrap="nowrap" gap="sm" data-testid="check-in-result-person">
            <Avatar src={person.photo} name={person.fullName} alt="" size={64} radius={64} color="foyer" />
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} size="lg" style={{ overflowWrap: 'anywhere' }}>
                {person.fullName}
              </Text>
              {details && (
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {details}
                </Text>
              )}
              {person.ticketId && (
                <Text size="xs" c="dimmed">
                  {t('checkIn.result.ticket', { ticketId: person.ticketId })}
                </Text>
              )}
            </Stack>
          </Group>
        )}
        <Group gap="xs">
          {act && (
            <>
              <Button
                ref={primary}
                color="green"
                leftSection={<IconLogin2 size={18} aria-hidden />}
                disabled={!enabled}
                loading={act.pending}
                onClick={() => act.onAct('in')}
                data-testid="check-in-act-in"
              >
                {t('checkIn.mode.in')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconLogout2 size={18} aria-hidden />}
                disabled={!enabled}
                onClick={() => act.onAct('out')}
                data-testid="check-in-act-out"
              >
                {t('checkIn.mode.out')}
              </Button>
            </>
          )}
          {result && canPrintBadge(result.outcome) && result.person.ticketId && (
            <PrintBadgeButton
              key={seq}
              eventId={eventId}
              participantId={result.person.participantId}
              ticketId={result.person.ticketId}
              auto={result.outcome === 'checkedIn'} // E4.72: printed right after the check-in
            />
          )}
          {onScanNext && (
            <Button
              ref={next}
              variant="filled"
              color="dark"
              leftSection={<IconScan size={18} aria-hidden />}
              onClick={onScanNext}
              data-testid="check-in-next"
            >
              {t('checkIn.scan.next')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

type T = TFunction;

/** The panel's heading and the lines under it (E8.08–E8.15, E8.20, E8.23). */
function describe(view: DoorView, t: T): { title: string; lines: string[] } {
  switch (view.kind) {
    case 'result':
      return describeResult(view.result, t);
    case 'pending':
      return {
        title: t('checkIn.result.pending'),
        lines: [t('checkIn.result.pendingHint'), t('checkIn.result.scanned', { code: view.code })],
      };
    case 'person':
      return {
        title: t('checkIn.result.choose'),
        lines: view.status
          ? [
              view.status.checkedIn
                ? t('checkIn.result.statusInside', { time: moment(view.status.checkedInAt) })
                : t('checkIn.result.statusOutside'),
            ]
          : [],
      };
    case 'problem': {
      const scanned = view.code ? [t('checkIn.result.scanned', { code: view.code })] : [];
      switch (view.problem) {
        case 'invalidCode': // E5.52, E8.15
          return {
            title: t('checkIn.container.scan.data.error'),
            lines: [...scanned, t('checkIn.result.invalidHint')],
          };
        case 'notFound': // E5.53: also another event's ticket
          return {
            title: t('checkIn.error.ticketNotFound'),
            lines: [...scanned, t('checkIn.result.notFoundHint')],
          };
        case 'denied':
          return { title: t('checkIn.error.denied'), lines: scanned };
        case 'finished':
          return { title: t('checkIn.result.finished'), lines: scanned };
        case 'failed': // E8.06
          return { title: t('checkIn.container.checkIn.error', { message: view.message }), lines: scanned };
      }
    }
  }
}

function describeResult(result: CheckInResult, t: T): { title: string; lines: string[] } {
  const name = result.person.fullName;
  const lines: string[] = [];
  const previous = result.previous;
  switch (result.outcome) {
    case 'alreadyCheckedIn':
    case 'alreadyCheckedOut': {
      if (previous) {
        const time = moment(previous.at);
        const by = previous.by;
        const wasIn = result.outcome === 'alreadyCheckedIn';
        if (by)
          lines.push(t(wasIn ? 'checkIn.result.previousIn' : 'checkIn.result.previousOut', { time, by }));
        else lines.push(t(wasIn ? 'checkIn.result.previousInAt' : 'checkIn.result.previousOutAt', { time }));
      }
      break;
    }
    case 'fullyOccupied':
      lines.push(t('checkIn.result.fullHint'));
      return {
        title: t(
          result.area.entityType === 'session'
            ? 'checkIn.result.fullyOccupiedSession'
            : 'checkIn.result.fullyOccupied',
        ),
        lines,
      };
    case 'wrongTicketType':
      lines.push(t('checkIn.result.wrongTicketTypeHint'));
      break;
    default:
      break;
  }
  if (result.badgePrinted && canPrintBadge(result.outcome)) lines.push(t('checkIn.result.badgePrinted'));
  if (canPrintBadge(result.outcome) && !result.person.ticketId) lines.push(t('checkIn.error.noTicketId')); // E8.20
  return { title: t(`checkIn.result.${result.outcome}`, { name }), lines };
}

/** "10:42" today, with the date on another day (the browser's time zone, as the inside list). */
function moment(iso: string | null): string {
  const formatted = formatDateTime(iso);
  return formatted ? shortMoment(formatted, formatDateTime(new Date().toISOString())) : '';
}
