import {
  type CheckInEntityType,
  type CheckInLookupItem,
  type CheckInPerson,
  type EventDetails,
  type ScanType,
  ticketIdFromCode,
} from '@foyer/contract';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';
import { type CheckInInput, useCheckIn, useCheckInAreas } from '../api/checkin';
import { useCheckInLive } from '../api/live';
import {
  type Direction,
  FAST_RESULT_MS,
  problemOf,
  type ScanSource,
  scanFields,
  scanSources,
  waitsForScanNext,
} from '../lib/mode';
import { notify, outcomeTone } from '../lib/outcome';
import { playTone } from '../lib/sound';
import { updateDevice, useDoorDevice } from '../lib/use-door-device';
import { type DoorView, viewPerson, viewTone } from '../lib/view';
import { PendingScans } from '../offline/pending-scans';
import { AreaSelect } from './area-select';
import { CameraScanner } from './camera-scanner';
import { DeskLookup } from './desk-lookup';
import { DoorSettings } from './door-settings';
import { HandheldInput } from './handheld-input';
import { InsideList } from './inside-list';
import { ScanResult } from './scan-result';
import '../i18n';

/** Clicks on these keep their own focus; a click anywhere else brings it back to the scanner field. */
const INTERACTIVE =
  'input, textarea, select, button, a, label, [role="combobox"], [role="option"], [role="radio"], [role="switch"], [role="listbox"]';

export interface CheckInPanelProps {
  event: EventDetails;
  /** E4.68: opened from an attendee's profile: that person, and "Scan next" closes (onDone). */
  person?: CheckInPerson;
  onDone?(): void;
}

/**
 * E2.54, E2.79, E4.65–E4.71: the door. Staff choose the area, the scan type (individual or fast,
 * kept on the device) and how codes come in (camera, handheld scanner, or a search at the desk);
 * each answer shows in a large panel with a sound.
 */
export function CheckInPanel({ event, person, onDone }: CheckInPanelProps) {
  const { t } = useTranslation();
  useCheckInLive(event.id);
  const areas = useCheckInAreas(event.id);
  const checkIn = useCheckIn(event.id);
  const device = useDoorDevice();
  const fromProfile = person !== undefined;
  const scanType: ScanType = fromProfile ? 'individual' : device.scanType;
  const source: ScanSource = device.source;
  const [area, setArea] = useState('event:0');
  const [direction, setDirection] = useState<Direction>('in');
  const [q, setQ] = useState('');
  const [view, setView] = useState<DoorView | null>(
    person ? { kind: 'person', seq: 0, person, status: null } : null,
  );
  // The result of a person picked by hand keeps their (now disabled) check-in buttons (E4.70).
  const [picked, setPicked] = useState(fromProfile);
  const [sending, setSending] = useState(0);
  const seq = useRef(0);
  const shown = useRef(0);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const ids = { type: useId(), source: useId() };
  const muted = useRef(device.muted);
  muted.current = device.muted;

  const [entityType, entityIdText] = area.split(':') as [CheckInEntityType, string];
  const entityId = entityType === 'event' ? null : Number(entityIdText);
  const waits = waitsForScanNext(scanType);
  const handheld = source === 'handheld' && !fromProfile;

  // Ready to scan as soon as the modal opens (the modal's own focus trap ran before this chunk loaded).
  useEffect(() => {
    if (!handheld) return;
    const frame = requestAnimationFrame(() => input.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [handheld]);

  // E9.33: a click or tap anywhere in the panel that is not on a control refocuses the scanner field.
  useEffect(() => {
    const el = root.current;
    if (!el || !handheld) return;
    const refocus = (e: MouseEvent) => {
      if ((e.target as Element | null)?.closest(INTERACTIVE)) return;
      if (window.getSelection()?.toString()) return; // selecting text to copy it
      input.current?.focus();
    };
    el.addEventListener('click', refocus);
    return () => el.removeEventListener('click', refocus);
  }, [handheld]);

  // Fast mode (E4.71): the answer shows for a moment; the next scan is taken meanwhile.
  useEffect(() => {
    if (!view || waits || view.kind === 'person') return;
    const timer = setTimeout(() => setView((v) => (v?.seq === view.seq ? null : v)), FAST_RESULT_MS);
    return () => clearTimeout(timer);
  }, [view, waits]);

  function show(next: DoorView, byHand: boolean) {
    if (next.seq < shown.current) return; // an older answer arriving late
    shown.current = next.seq;
    setView(next);
    setPicked(byHand);
    const tone = viewTone(next);
    if (tone && !muted.current) playTone(tone);
  }

  async function send(
    target: Pick<CheckInInput, 'ticketId' | 'participantId'>,
    fields: Omit<CheckInInput, 'entityType' | 'entityId' | 'ticketId' | 'participantId'>,
    code: string,
    byHand: boolean,
  ) {
    const mine = ++seq.current;
    setSending((n) => n + 1);
    try {
      const answer = await checkIn.mutateAsync({ entityType, entityId, ...target, ...fields });
      if (answer.kind === 'pending') {
        show({ kind: 'pending', seq: mine, code }, byHand);
        return;
      }
      const { result } = answer;
      show({ kind: 'result', seq: mine, result }, byHand);
      notify(
        outcomeTone[result.outcome],
        t(`checkIn.result.${result.outcome}`, { name: result.person.fullName }),
      );
    } catch (error) {
      // E8.06, E8.07: the panel says why, the scanned person is cleared; the toast is an error (E8.14).
      const problem = problemOf(error);
      const message = error instanceof Error ? error.message : '';
      show({ kind: 'problem', seq: mine, problem, code, message }, false);
      notify(
        'error',
        problem === 'notFound'
          ? t('checkIn.error.ticketNotFound')
          : t('checkIn.container.checkIn.error', { message }),
      );
    } finally {
      setSending((n) => n - 1);
    }
  }

  const device_ = { deviceId: device.id, deviceLabel: device.label };

  /** A code from the camera or a handheld scanner. */
  const onScan = (raw: string) => {
    const code = raw.trim();
    if (!code) return;
    const ticketId = ticketIdFromCode(code);
    if (!ticketId) {
      // E5.52, E8.15: damaged QR text, spaces, a link without a ticket: said in the panel too.
      show({ kind: 'problem', seq: ++seq.current, problem: 'invalidCode', code, message: '' }, false);
      notify('error', t('checkIn.container.scan.data.error'));
      return;
    }
    void send({ ticketId }, scanFields({ scanType, direction, source, device: device_ }), code, false);
  };

  /** A person picked at the desk: fast mode acts at once, individual mode shows them first. */
  const onPick = (item: CheckInLookupItem) => {
    if (scanType === 'fast') {
      const fields = scanFields({ scanType, direction, source: 'lookup', device: device_ });
      void send({ participantId: item.participantId }, fields, item.fullName, false);
      return;
    }
    const { email: _email, checkedIn, checkedInAt, ...found } = item;
    show({ kind: 'person', seq: ++seq.current, person: found, status: { checkedIn, checkedInAt } }, true);
  };

  const act = (way: Direction) => {
    const chosen = view ? viewPerson(view) : null;
    if (!chosen) return;
    const fields = {
      checkIn: way === 'in',
      deviceId: device.id,
      ...(device.label.trim() ? { deviceLabel: device.label.trim() } : {}),
    };
    void send({ participantId: chosen.participantId }, fields, chosen.fullName, true);
  };

  // E4.67 back to scanning; E4.68 from a profile, closes.
  const scanNext = () => {
    if (fromProfile) return onDone?.();
    shown.current = ++seq.current; // answers still on their way are not shown any more
    setView(null);
    setPicked(false);
    if (source === 'handheld') input.current?.focus();
    if (source === 'lookup') search.current?.focus();
  };

  const scanning = !fromProfile;
  const showLookup = scanning && source === 'lookup' && !(waits && view);
  return (
    <Stack gap="md" ref={root} data-testid="check-in-panel" data-scan-type={scanType} data-source={source}>
      <AreaSelect areas={areas.data?.areas ?? []} value={area} onChange={setArea} failed={areas.isError} />
      {scanning && (
        <>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={ids.type}>
              {t('checkIn.scan.type.label')}
            </Text>
            <SegmentedControl
              aria-labelledby={ids.type}
              value={scanType}
              onChange={(value) => {
                updateDevice({ scanType: value as ScanType });
                setView(null);
              }}
              data={[
                { value: 'individual', label: t('checkIn.scan.type.individual') },
                { value: 'fast', label: t('checkIn.scan.type.fast') },
              ]}
              fullWidth
              data-testid="check-in-scan-type"
            />
            <Text size="xs" c="dimmed">
              {t(scanType === 'fast' ? 'checkIn.scan.type.fastHint' : 'checkIn.scan.type.individualHint')}
            </Text>
          </Stack>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={ids.source}>
              {t('checkIn.scan.source.label')}
            </Text>
            <SegmentedControl
              aria-labelledby={ids.source}
              value={source}
              onChange={(value) => {
                updateDevice({ source: value as ScanSource });
                setView(null);
              }}
              data={scanSources.map((s) => ({ value: s, label: t(`checkIn.scan.source.${s}`) }))}
              fullWidth
              data-testid="check-in-source"
            />
          </Stack>
          {scanType === 'individual' && source !== 'lookup' && (
            <SegmentedControl
              aria-label={t('checkIn.mode.label')}
              value={direction}
              onChange={(value) => setDirection(value as Direction)}
              data={[
                { value: 'in', label: t('checkIn.mode.in') },
                { value: 'out', label: t('checkIn.mode.out') },
              ]}
              fullWidth
              data-testid="check-in-mode"
            />
          )}
        </>
      )}
      {view && (
        <ScanResult
          view={view}
          eventId={event.id}
          act={picked ? { onAct: act, pending: sending > 0 } : undefined}
          onScanNext={waits ? scanNext : undefined}
          focus={handheld ? 'none' : 'panel'}
        />
      )}
      {scanning && source === 'handheld' && (
        <HandheldInput onCode={onScan} pending={sending > 0} inputRef={input} />
      )}
      {scanning && source === 'camera' && <CameraScanner onCode={onScan} paused={waits && view !== null} />}
      {showLookup && <DeskLookup eventId={event.id} q={q} onQ={setQ} onPick={onPick} inputRef={search} />}
      <PendingScans eventId={event.id} />
      <InsideList eventId={event.id} entityType={entityType} entityId={entityId} />
      {scanning && <DoorSettings eventId={event.id} />}
    </Stack>
  );
}
