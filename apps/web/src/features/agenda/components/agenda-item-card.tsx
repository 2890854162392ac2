import {
  type AgendaItem,
  isAgendaItemLive,
  isSessionPast,
  isSessionStartWindowOpen,
  MOBILE_MAX_WIDTH,
} from '@foyer/contract';
import { ActionIcon, Anchor, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCoffee, IconTrash, IconUsers } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { HoverTip } from '../../../components/hover-tip';
import { useTranslation } from '../../../i18n/react';
import { formatDay, formatTimeRange, useZone } from '../../../lib/format-date';
import { invitationRouteState } from '../../../lib/invitation-route';
import { overCurrentPage } from '../../../lib/modal-route';
import { toast } from '../../../lib/toast';
import { useRemoveBreak } from '../api/agenda-api';
import { useJoinSession, useLeaveSession } from '../api/sessions-api';
import { dayOf } from '../lib/agenda-lib';
import { openVideoWindow } from '../lib/open-video';
import { scheduleErrorToast } from '../lib/schedule-errors';
import '../i18n';

interface Props {
  item: AgendaItem;
  now: number;
  compact?: boolean;
  /** Someone else's agenda (show agenda): no actions. */
  readOnly?: boolean;
  /** Called when a link leaves the list (the drawer closes). */
  onNavigate?(): void;
}

/** Where a session of the agenda opens: a modal over the page, or the mobile details page (E2.23). */
export function useAgendaSessionLink(item: AgendaItem) {
  const location = useLocation();
  const mobile = useMediaQuery(`(max-width: ${MOBILE_MAX_WIDTH}px)`, undefined, {
    getInitialValueInEffect: false,
  });
  if (item.type === 'meeting') {
    // A meeting opens the other person: their card holds the meeting's actions (E4.14).
    const other = item.meeting?.withParticipantId;
    if (!other) return { to: '/invitations', state: undefined };
    // E2.19: the invitation page knows it came from the agenda, and leads back to it.
    if (mobile) {
      return { to: `/event/${item.eid}/invitation/${other}`, state: invitationRouteState('agenda') };
    }
    return { to: `/event/${item.eid}/attendees/${other}`, state: overCurrentPage(location) };
  }
  const id = item.rsesId ?? item.id;
  if (mobile) return { to: `/my-agenda/session/${item.eid}/${id}`, state: undefined };
  return { to: `/event/${item.eid}/sessions/${id}`, state: overCurrentPage(location) };
}

/** E3.10: one session or break of the personal agenda. */
export function AgendaItemCard({ item, now, compact = false, readOnly = false, onNavigate }: Props) {
  const { t } = useTranslation();
  const { zone, locale } = useZone();
  const link = useAgendaSessionLink(item);
  const removeBreak = useRemoveBreak();
  const leave = useLeaveSession(item.eid);
  const join = useJoinSession(item.eid);
  const live = isAgendaItemLive(item, now);
  const past = isSessionPast(item, now);
  const role = item.roles[0];
  const presenter = role !== undefined;
  const canJoin = !item.isOffTime && !past && isSessionStartWindowOpen(item, now) && item.status === 'joined';
  const title = item.isOffTime
    ? t('agenda.item.break')
    : item.type === 'meeting'
      ? item.meeting?.kind === 'table'
        ? t('agenda.item.table')
        : item.meeting?.withName
          ? t('agenda.item.meetingWith', { name: item.meeting.withName })
          : t('agenda.item.meeting')
      : item.name;

  return (
    <Paper
      withBorder
      radius="md"
      p={compact ? 'sm' : 'md'}
      data-testid={`agenda-item-${item.type}-${item.id}`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {formatDay(dayOf(item.sdt, zone), locale)}, {formatTimeRange(item.sdt, item.edt, zone, locale)}
            </Text>
            {live && (
              <Badge color="red.9" size="sm" data-testid="agenda-item-live">
                {t('agenda.session.live')}
              </Badge>
            )}
            {item.status === 'waiting' && !presenter && (
              <Badge color="violet.9" size="sm">
                {t('agenda.notice.waitingConfirmation')}
              </Badge>
            )}
            {role && (
              <Badge color="grape.9" size="sm">
                {t(`agenda.role.${role}`)}
              </Badge>
            )}
          </Group>
          {item.isOffTime ? (
            <Group gap={6} wrap="nowrap">
              <IconCoffee size={16} aria-hidden />
              <Text fw={700}>{title}</Text>
            </Group>
          ) : (
            <Group gap={6} wrap="nowrap">
              {item.type === 'meeting' && <IconUsers size={16} aria-hidden />}
              <Anchor
                component={Link}
                to={link.to}
                state={link.state}
                onClick={onNavigate}
                fw={700}
                c="var(--mantine-color-text)"
                style={{ overflowWrap: 'anywhere' }}
              >
                {title}
              </Anchor>
            </Group>
          )}
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {[
              item.eventName,
              // Issue 15: a meeting's place is its table at the meeting point.
              typeof item.meeting?.table === 'number'
                ? t('agenda.item.atTable', { table: item.meeting.table })
                : null,
              item.location,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          {!compact && !readOnly && !past && !item.isOffTime && item.buttonShow && !presenter && (
            <Group gap="xs" mt={4}>
              {canJoin && (
                <Button
                  size="xs"
                  onClick={() => openVideoWindow(async () => (await join.mutateAsync(item.id)).videoUrl)}
                >
                  {t('agenda.button.joinNow')}
                </Button>
              )}
              <Button
                size="xs"
                variant="default"
                loading={leave.isPending}
                onClick={() =>
                  leave.mutate(item.id, {
                    onSuccess: () => toast('success', t('agenda.toast.removed')),
                    onError: (error) => scheduleErrorToast(error, t),
                  })
                }
                aria-label={`${t('agenda.button.removeFromAgenda')}: ${item.name}`}
              >
                {t('agenda.button.removeFromAgenda')}
              </Button>
            </Group>
          )}
        </Stack>
        {item.isOffTime && !past && !readOnly && (
          <HoverTip label={t('agenda.item.removeBreak')}>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('agenda.item.removeBreak')}
              loading={removeBreak.isPending}
              onClick={() =>
                removeBreak.mutate(item, {
                  onSuccess: () => toast('success', t('agenda.toast.breakRemoved')),
                  onError: (error) => scheduleErrorToast(error, t),
                })
              }
              data-testid="agenda-remove-break"
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </HoverTip>
        )}
      </Group>
    </Paper>
  );
}
