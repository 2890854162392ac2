import {
  type CheckInArea,
  type CheckInEntityType,
  type CheckInResult,
  canPrintBadge,
  type EventDetails,
  ticketIdFromCode,
} from '@foyer/contract';
import { Alert, Button, Loader, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPrinter, IconScan } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useCheckIn, useCheckInAreas } from '../api/checkin';
import { notify, outcomeTone, toneColor } from '../lib/outcome';
import { CameraScanner } from './camera-scanner';
import { InsideList } from './inside-list';
import '../i18n';

const areaKey = (a: Pick<CheckInArea, 'entityType' | 'entityId'>) => `${a.entityType}:${a.entityId ?? 0}`;

/**
 * E2.54, E4.65, E8.01–E8.15: the door scanner. Staff choose the area and the mode, then scan: a
 * handheld scanner types the code and presses Enter; the result names the person and the input is
 * cleared and focused for the next scan at once.
 */
export function CheckInPanel({ event }: { event: EventDetails }) {
  const { t } = useTranslation();
  const areas = useCheckInAreas(event.id);
  const checkIn = useCheckIn(event.id);
  const [area, setArea] = useState('event:0');
  const [mode, setMode] = useState<'in' | 'out'>('in');
  const [code, setCode] = useState('');
  const [result, setResult] = useState<CheckInResult | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // Ready to scan as soon as the modal opens (the modal's own focus trap ran before this chunk loaded).
  useEffect(() => {
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);

  const options = (areas.data?.areas ?? []).map((a) => ({ value: areaKey(a), label: areaLabel(a) }));
  const chosen = areas.data?.areas.find((a) => areaKey(a) === area);
  const occupancy = chosen
    ? chosen.capacity !== null
      ? t('checkIn.area.occupancy', { used: chosen.capacityUsed, capacity: chosen.capacity })
      : t('checkIn.area.inside', { used: chosen.capacityUsed })
    : undefined;
  function areaLabel(a: CheckInArea) {
    if (a.entityType === 'event') return t('checkIn.area.event');
    return t(a.entityType === 'location' ? 'checkIn.area.location' : 'checkIn.area.session', {
      name: a.name,
    });
  }

  const [entityType, entityIdText] = area.split(':') as [CheckInEntityType, string];
  const entityId = entityType === 'event' ? null : Number(entityIdText);

  const submit = (raw: string) => {
    const ticketId = ticketIdFromCode(raw);
    setCode('');
    input.current?.focus();
    if (!raw.trim()) return;
    if (!ticketId) {
      setResult(null);
      notify('error', t('checkIn.container.scan.data.error')); // E5.52, E8.15
      return;
    }
    const [entityType, entityId] = area.split(':') as [CheckInEntityType, string];
    checkIn.mutate(
      {
        entityType,
        entityId: entityType === 'event' ? null : Number(entityId),
        checkIn: mode === 'in',
        ticketId,
      },
      {
        onSuccess: (res) => {
          setResult(res);
          notify(outcomeTone[res.outcome], t(`checkIn.result.${res.outcome}`, { name: res.person.fullName }));
        },
        onError: (error) => {
          setResult(null); // E8.07
          notify(
            'error',
            error instanceof ApiError && error.status === 404
              ? t('checkIn.error.ticketNotFound')
              : t('checkIn.container.checkIn.error', { message: error.message }),
          );
        },
        onSettled: () => input.current?.focus(),
      },
    );
  };

  return (
    <Stack gap="md" data-testid="check-in-panel">
      {areas.isError ? (
        <Alert color="red">{t('checkIn.error.areas')}</Alert>
      ) : (
        <Select
          label={t('checkIn.area.label')}
          description={occupancy}
          data={options.length ? options : [{ value: 'event:0', label: t('checkIn.area.event') }]}
          value={area}
          onChange={(value) => value && setArea(value)}
          allowDeselect={false}
          searchable
          comboboxProps={{ withinPortal: true }}
          data-testid="check-in-area"
        />
      )}
      <SegmentedControl
        aria-label={t('checkIn.mode.label')}
        value={mode}
        onChange={(value) => setMode(value as 'in' | 'out')}
        data={[
          { value: 'in', label: t('checkIn.mode.in') },
          { value: 'out', label: t('checkIn.mode.out') },
        ]}
        fullWidth
        data-testid="check-in-mode"
      />
      <TextInput
        ref={input}
        label={t('checkIn.code.label')}
        description={t('checkIn.code.hint')}
        leftSection={<IconScan size={18} aria-hidden />}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            submit(code);
          }
        }}
        autoComplete="off"
        rightSection={checkIn.isPending ? <Loader size="xs" aria-label={t('common.loading')} /> : null}
        data-testid="check-in-code"
      />
      <CameraScanner onCode={submit} />
      {result && <ResultCard result={result} eventId={event.id} />}
      <InsideList eventId={event.id} entityType={entityType} entityId={entityId} />
    </Stack>
  );
}

function ResultCard({ result, eventId }: { result: CheckInResult; eventId: number }) {
  const { t } = useTranslation();
  const { person } = result;
  const details = [person.jobTitle, person.company, person.participantType].filter(Boolean).join(' · ');
  return (
    <Alert
      color={toneColor[outcomeTone[result.outcome]]}
      title={t(`checkIn.result.${result.outcome}`, { name: person.fullName })}
      role="status"
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
      data-testid="check-in-result"
      data-outcome={result.outcome}
    >
      <Stack gap={6}>
        <Text fw={600}>{person.fullName}</Text>
        {details && <Text size="sm">{details}</Text>}
        {result.badgePrinted && (
          <Text size="sm" c="dimmed">
            {t('checkIn.result.badgePrinted')}
          </Text>
        )}
        {canPrintBadge(result.outcome) && !person.ticketId && (
          <Text size="sm">{t('checkIn.error.noTicketId')}</Text> // E8.20
        )}
        {canPrintBadge(result.outcome) && person.ticketId && (
          <Button
            component={Link}
            to={`/event/${eventId}/badges?ticketId=${encodeURIComponent(person.ticketId)}`}
            target="_blank"
            size="xs"
            variant="light"
            leftSection={<IconPrinter size={16} aria-hidden />}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('checkIn.result.printBadge')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
