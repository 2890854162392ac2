import {
  type Clash,
  type Programme,
  ProgrammeErrorCode,
  type ProgrammeSession,
  programmeSessionRequest,
  programmeSessionTypes,
} from '@foyer/contract';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  List,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useMemo, useState } from 'react';
import { RichTextField } from '../../../components/rich-text-field';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useBreakpoint } from '../../../lib/use-breakpoint';
import { useEvent } from '../../../lib/use-event';
import { useSaveSession } from '../api/programme';
import { apiFieldErrors, issueErrors } from '../lib/form-errors';
import { draftClashes, timeIn } from '../lib/programme';
import { fromLocalInput, toLocalInput } from '../lib/zoned';
import { type SpeakerDraft, SpeakerPicker } from './programme-speakers';

type Errors = Record<string, string>;

function initialValues(session: ProgrammeSession | null, zone: string, day: string | null) {
  const start = day ? `${day}T09:00` : '';
  const end = day ? `${day}T10:00` : '';
  return {
    name: session?.name ?? '',
    type: session?.type ?? 'session',
    description: session?.description ?? '',
    sdt: session ? toLocalInput(session.sdt, zone) : start,
    edt: session ? toLocalInput(session.edt, zone) : end,
    locationId: session?.locationId ? String(session.locationId) : null,
    trackId: session?.trackId ? String(session.trackId) : null,
    capacity: session?.capacity?.toString() ?? '',
    hidden: session?.hidden ?? false,
    restricted: session?.restricted ?? false,
    allowedTypeIds: (session?.allowedTypeIds ?? []).map(String),
    externalLink: session?.externalLink ?? '',
    offlineLink: session?.offlineLink ?? '',
    onSite: session?.onSite ?? false,
    needsApproval: session?.needsApproval ?? false,
  };
}

/** One line per clash: which room or person, and with which session at what time. */
export function ClashList({
  clashes,
  programme,
  selfId,
  names,
}: {
  clashes: Clash[];
  programme: Programme;
  selfId: number;
  names: Map<number, string>;
}) {
  const { t } = useTranslation();
  return (
    <List size="sm" spacing={2}>
      {clashes.map((clash) => {
        const otherId = clash.sessionIds[0] === selfId ? clash.sessionIds[1] : clash.sessionIds[0];
        const other = programme.sessions.find((s) => s.id === otherId);
        const session = other
          ? `${other.name} (${timeIn(other.sdt, programme.timezone)}–${timeIn(other.edt, programme.timezone)})`
          : String(otherId);
        const text =
          clash.kind === 'room'
            ? t('organizer.programme.clash.roomWith', {
                room: programme.rooms.find((r) => r.id === clash.locationId)?.name ?? '',
                session,
              })
            : t('organizer.programme.clash.speakerWith', {
                name: names.get(clash.participantId ?? 0) ?? '',
                session,
              });
        return <List.Item key={`${clash.kind}-${otherId}-${clash.participantId}`}>{text}</List.Item>;
      })}
    </List>
  );
}

/** The session form (every field), with the clashes it would cause shown before saving. */
export function SessionFormModal({
  eventId,
  programme,
  session,
  day,
  onClose,
}: {
  eventId: number;
  programme: Programme;
  session: ProgrammeSession | null;
  day: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const zone = programme.timezone;
  const save = useSaveSession(eventId);
  const event = useEvent(eventId);
  const mobile = useBreakpoint() === 'mobile';
  const [values, setValues] = useState(() => initialValues(session, zone, day));
  const [speakers, setSpeakers] = useState<SpeakerDraft[]>(
    (session?.speakers ?? []).map((s) => ({
      participantId: s.participantId,
      role: s.role,
      label: s.company ? `${s.name} ${s.surname} (${s.company})` : `${s.name} ${s.surname}`,
    })),
  );
  const [allowClash, setAllowClash] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const set =
    <K extends keyof typeof values>(key: K) =>
    (value: (typeof values)[K]) =>
      setValues((v) => ({ ...v, [key]: value }));

  const sdt = fromLocalInput(values.sdt, zone);
  const edt = fromLocalInput(values.edt, zone);
  const clashes = useMemo(
    () =>
      draftClashes(programme, {
        id: session?.id ?? null,
        sdt,
        edt,
        locationId: values.locationId ? Number(values.locationId) : null,
        speakers,
      }),
    [programme, session?.id, sdt, edt, values.locationId, speakers],
  );
  const names = useMemo(() => {
    const map = new Map<number, string>();
    for (const s of programme.sessions)
      for (const p of s.speakers) map.set(p.participantId, `${p.name} ${p.surname}`);
    for (const p of speakers) map.set(p.participantId, p.label);
    return map;
  }, [programme, speakers]);

  const labelOf = (field: string) =>
    ({
      name: t('organizer.programme.session.name'),
      sdt: t('organizer.programme.session.sdt'),
      edt: t('organizer.programme.session.edt'),
      capacity: t('organizer.programme.session.capacity'),
      externalLink: t('organizer.programme.session.externalLink'),
      offlineLink: t('organizer.programme.session.offlineLink'),
    })[field] ?? field;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      name: values.name,
      type: values.type,
      description: values.description,
      sdt: sdt ?? '',
      edt: edt ?? '',
      locationId: values.locationId ? Number(values.locationId) : null,
      trackId: values.trackId ? Number(values.trackId) : null,
      capacity: values.capacity.trim() === '' ? null : values.capacity.trim(),
      hidden: values.hidden,
      restricted: values.restricted,
      allowedTypeIds: values.restricted ? values.allowedTypeIds.map(Number) : [],
      externalLink: values.externalLink,
      offlineLink: values.offlineLink,
      onSite: values.onSite,
      needsApproval: values.needsApproval,
      speakers: speakers.map(({ participantId, role }) => ({ participantId, role })),
      allowClash: clashes.length > 0 && allowClash,
    };
    const parsed = programmeSessionRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(issueErrors(t, parsed.error.issues, labelOf));
      return;
    }
    if (clashes.length > 0 && !allowClash) {
      setErrors({ form: t('organizer.programme.clash.confirmFirst') });
      return;
    }
    setErrors({});
    save.mutate(
      { id: session?.id, body: parsed.data },
      {
        onSuccess: () => {
          toast('success', t('organizer.programme.saved'));
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === ProgrammeErrorCode.Clash) {
            setErrors({ form: t('organizer.programme.clash.changed') });
            return;
          }
          setErrors(apiFieldErrors(t, error) ?? { form: error.message });
        },
      },
    );
  };

  const types = event.data?.participantTypes ?? [];
  return (
    <Modal
      opened
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      size="xl"
      fullScreen={mobile}
      title={t(session ? 'organizer.programme.session.edit' : 'organizer.programme.session.add')}
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextInput
            label={t('organizer.programme.session.name')}
            required
            value={values.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
            error={errors.name}
            data-testid="session-name"
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('organizer.programme.session.type')}
              data={programmeSessionTypes.map((type) => ({
                value: type,
                label: t(`organizer.programme.type.${type}`),
              }))}
              value={values.type}
              onChange={(v) => set('type')(v ?? 'session')}
              allowDeselect={false}
              error={errors.type}
              data-testid="session-type"
            />
            <TextInput
              type="datetime-local"
              label={t('organizer.programme.session.sdt')}
              description={zone}
              required
              value={values.sdt}
              onChange={(e) => set('sdt')(e.currentTarget.value)}
              error={errors.sdt}
              data-testid="session-sdt"
            />
            <TextInput
              type="datetime-local"
              label={t('organizer.programme.session.edt')}
              description={zone}
              required
              value={values.edt}
              onChange={(e) => set('edt')(e.currentTarget.value)}
              error={errors.edt}
              data-testid="session-edt"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('organizer.programme.session.room')}
              placeholder={t('organizer.programme.noRoom')}
              data={programme.rooms.map((r) => ({ value: String(r.id), label: r.name }))}
              value={values.locationId}
              onChange={set('locationId')}
              clearable
              error={errors.locationId}
              data-testid="session-room"
            />
            <Select
              label={t('organizer.programme.session.track')}
              placeholder={t('organizer.programme.noTrack')}
              data={programme.tracks.map((tr) => ({ value: String(tr.id), label: tr.name }))}
              value={values.trackId}
              onChange={set('trackId')}
              clearable
              error={errors.trackId}
              data-testid="session-track"
            />
            <TextInput
              label={t('organizer.programme.session.capacity')}
              description={t('organizer.programme.capacityHint')}
              inputMode="numeric"
              value={values.capacity}
              onChange={(e) => set('capacity')(e.currentTarget.value)}
              error={errors.capacity}
              data-testid="session-capacity"
            />
          </SimpleGrid>
          <RichTextField
            label={t('organizer.programme.session.description')}
            value={values.description}
            onChange={set('description')}
            error={errors.description}
            data-testid="session-description"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="url"
              label={t('organizer.programme.session.externalLink')}
              placeholder="https://"
              value={values.externalLink}
              onChange={(e) => set('externalLink')(e.currentTarget.value)}
              error={errors.externalLink}
              data-testid="session-video"
            />
            <TextInput
              type="url"
              label={t('organizer.programme.session.offlineLink')}
              placeholder="https://"
              value={values.offlineLink}
              onChange={(e) => set('offlineLink')(e.currentTarget.value)}
              error={errors.offlineLink}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            <Switch
              label={t('organizer.programme.session.onSite')}
              checked={values.onSite}
              onChange={(e) => set('onSite')(e.currentTarget.checked)}
            />
            <Switch
              label={t('organizer.programme.session.needsApproval')}
              checked={values.needsApproval}
              onChange={(e) => set('needsApproval')(e.currentTarget.checked)}
            />
            <Switch
              label={t('organizer.programme.session.hidden')}
              checked={values.hidden}
              onChange={(e) => set('hidden')(e.currentTarget.checked)}
            />
            <Switch
              label={t('organizer.programme.session.restricted')}
              checked={values.restricted}
              onChange={(e) => set('restricted')(e.currentTarget.checked)}
            />
          </SimpleGrid>
          {values.restricted && (
            <MultiSelect
              label={t('organizer.programme.session.allowedTypes')}
              data={types.map((type) => ({ value: String(type.id), label: type.name }))}
              value={values.allowedTypeIds}
              onChange={set('allowedTypeIds')}
              error={errors.allowedTypeIds}
            />
          )}
          <SpeakerPicker eventId={eventId} value={speakers} onChange={setSpeakers} error={errors.speakers} />
          {clashes.length > 0 && (
            <Alert color="orange" data-testid="session-clashes">
              <Stack gap="xs">
                <Text fw={700} size="sm">
                  {t('organizer.programme.clash.title', { count: clashes.length })}
                </Text>
                <ClashList clashes={clashes} programme={programme} selfId={session?.id ?? 0} names={names} />
                <Checkbox
                  label={t('organizer.programme.clash.allow')}
                  checked={allowClash}
                  onChange={(e) => setAllowClash(e.currentTarget.checked)}
                  data-testid="session-allow-clash"
                />
              </Stack>
            </Alert>
          )}
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('organizer.programme.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="session-save">
              {t('organizer.programme.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
