import {
  VENUE_MAP_IMAGE_SIZE,
  VENUE_MAP_MAX_PINS,
  type VenueMap,
  venueMapPinsRequest,
} from '@foyer/contract';
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  FileButton,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type PointerEvent as ReactPointerEvent, useRef, useState } from 'react';
import { messageText, unnamedMessage } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRemoveVenueMap, useSaveVenueMapPins, useUploadVenueMap } from '../api/events';
import { useProgramme } from '../api/programme';
import { fitImage } from './settings-branding';
import type { SectionProps } from './settings-section';

interface DraftPin {
  key: number;
  x: number;
  y: number;
  label: string;
  roomId: number | null;
}

let nextKey = 1;
const toDraft = (map: VenueMap | null): DraftPin[] =>
  (map?.pins ?? []).map((pin) => ({
    key: nextKey++,
    x: pin.x,
    y: pin.y,
    label: pin.label,
    roomId: pin.roomId,
  }));

/** A percentage with one decimal, kept within the map. */
const percent = (value: number) => Math.round(Math.min(100, Math.max(0, value)) * 10) / 10;

/**
 * A2.71: the organizer uploads one venue map, places numbered pins by clicking on it (or with Add
 * pin and the % inputs, by keyboard), drags them to move, names them, links a room, and saves.
 */
export function VenueMapSettings({ event }: SectionProps) {
  const { t } = useTranslation();
  const upload = useUploadVenueMap(event.id);
  const save = useSaveVenueMapPins(event.id);
  const remove = useRemoveVenueMap(event.id);
  const programme = useProgramme(event.id);
  const [pins, setPins] = useState<DraftPin[]>(() => toDraft(event.venueMap));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [selected, setSelected] = useState<number | null>(null);
  const map = event.venueMap;
  const full = pins.length >= VENUE_MAP_MAX_PINS;
  const rooms = (programme.data?.rooms ?? []).map((room) => ({ value: String(room.id), label: room.name }));

  const change = (key: number, patch: Partial<DraftPin>) =>
    setPins((list) => list.map((pin) => (pin.key === key ? { ...pin, ...patch } : pin)));
  const add = (x: number, y: number) => {
    if (full) return;
    const key = nextKey++;
    setPins((list) => [
      ...list,
      {
        key,
        x: percent(x),
        y: percent(y),
        label: t('organizer.venueMap.pin', { number: list.length + 1 }),
        roomId: null,
      },
    ]);
    setSelected(key);
  };

  const fieldText = (message: string) => messageText(t, unnamedMessage(message));
  const submit = () => {
    const body = { pins: pins.map(({ x, y, label, roomId }) => ({ x, y, label, roomId })) };
    const checked = venueMapPinsRequest.safeParse(body);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[issue.path.join('.')] ??= fieldText(issue.message);
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(body, {
      onSuccess: () => toast('success', t('organizer.venueMap.saved')),
      onError: (error) => {
        if (error instanceof ApiError && error.fields) {
          setErrors(
            Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [field, fieldText(key)])),
          );
        }
      },
    });
  };

  const failure = [upload.error, save.error, remove.error].find((e) => e !== null) ?? null;
  const failureText =
    failure instanceof ApiError && failure.fields?.image
      ? fieldText(failure.fields.image)
      : failure instanceof ApiError && failure.fields?.dataUrl
        ? fieldText(failure.fields.dataUrl)
        : failure && !(failure instanceof ApiError && failure.fields)
          ? failure.message
          : null;

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="settings-venue-map-title">
      <Stack gap="md" data-testid="settings-venue-map">
        <Title order={2} size="h3" id="settings-venue-map-title">
          {t('organizer.venueMap.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('organizer.venueMap.hint', VENUE_MAP_IMAGE_SIZE)}
        </Text>
        <Group gap="sm">
          <FileButton
            accept="image/png,image/jpeg"
            onChange={(file) =>
              file && void fitImage(file, VENUE_MAP_IMAGE_SIZE).then((dataUrl) => upload.mutate(dataUrl))
            }
          >
            {(props) => (
              <Button {...props} variant="default" loading={upload.isPending} data-testid="venue-map-upload">
                {map ? t('organizer.venueMap.replace') : t('organizer.venueMap.upload')}
              </Button>
            )}
          </FileButton>
          {map && (
            <Button
              variant="light"
              color="red"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    setPins([]);
                    setErrors({});
                    toast('success', t('organizer.venueMap.removed'));
                  },
                })
              }
              data-testid="venue-map-remove"
            >
              {t('organizer.venueMap.remove')}
            </Button>
          )}
        </Group>
        {failureText && (
          <Alert color="red" role="alert" p="xs">
            {failureText}
          </Alert>
        )}
        {map && (
          <>
            <MapCanvas
              map={map}
              pins={pins}
              selected={selected}
              onAdd={add}
              onMove={(key, x, y) => change(key, { x: percent(x), y: percent(y) })}
              onSelect={setSelected}
            />
            <Group justify="space-between" align="center">
              <Title order={3} size="h4">
                {t('organizer.venueMap.pins')}
              </Title>
              <Button
                variant="default"
                onClick={() => add(50, 50)}
                disabled={full}
                data-testid="venue-map-add"
              >
                {t('organizer.venueMap.addPin')}
              </Button>
            </Group>
            {full && (
              <Text size="sm" c="dimmed">
                {t('organizer.venueMap.full', { max: VENUE_MAP_MAX_PINS })}
              </Text>
            )}
            {pins.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('organizer.venueMap.empty')}
              </Text>
            )}
            <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {pins.map((pin, index) => (
                <Paper
                  key={pin.key}
                  component="li"
                  withBorder
                  p="xs"
                  radius="sm"
                  bg={selected === pin.key ? 'var(--mantine-primary-color-light)' : undefined}
                  data-testid={`venue-map-pin-row-${index + 1}`}
                  onFocus={() => setSelected(pin.key)}
                >
                  <Group align="flex-start" gap="xs" wrap="wrap">
                    <PinBadge number={index + 1} active={selected === pin.key} />
                    <TextInput
                      label={t('organizer.venueMap.label', { number: index + 1 })}
                      value={pin.label}
                      onChange={(e) => change(pin.key, { label: e.currentTarget.value })}
                      maxLength={200}
                      error={errors[`pins.${index}.label`]}
                      style={{ flex: '1 1 12rem' }}
                      data-testid={`venue-map-pin-label-${index + 1}`}
                    />
                    <NumberInput
                      label={t('organizer.venueMap.x')}
                      value={pin.x}
                      min={0}
                      max={100}
                      step={0.5}
                      decimalScale={1}
                      clampBehavior="strict"
                      onChange={(value) => change(pin.key, { x: typeof value === 'number' ? value : 0 })}
                      error={errors[`pins.${index}.x`]}
                      w={110}
                      data-testid={`venue-map-pin-x-${index + 1}`}
                    />
                    <NumberInput
                      label={t('organizer.venueMap.y')}
                      value={pin.y}
                      min={0}
                      max={100}
                      step={0.5}
                      decimalScale={1}
                      clampBehavior="strict"
                      onChange={(value) => change(pin.key, { y: typeof value === 'number' ? value : 0 })}
                      error={errors[`pins.${index}.y`]}
                      w={110}
                      data-testid={`venue-map-pin-y-${index + 1}`}
                    />
                    <Select
                      label={t('organizer.venueMap.room')}
                      placeholder={t('organizer.venueMap.noRoom')}
                      data={rooms}
                      value={pin.roomId === null ? null : String(pin.roomId)}
                      onChange={(value) => change(pin.key, { roomId: value ? Number(value) : null })}
                      clearable
                      searchable
                      error={errors[`pins.${index}.roomId`]}
                      w={180}
                      data-testid={`venue-map-pin-room-${index + 1}`}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={26}
                      size="lg"
                      aria-label={t('organizer.venueMap.deletePin', { number: index + 1 })}
                      onClick={() => setPins((list) => list.filter((p) => p.key !== pin.key))}
                      data-testid={`venue-map-pin-delete-${index + 1}`}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Paper>
              ))}
            </Stack>
            {errors.pins && (
              <Alert color="red" role="alert" p="xs">
                {errors.pins}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={submit} loading={save.isPending} data-testid="venue-map-save">
                {t('organizer.venueMap.save')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function PinBadge({ number, active = false }: { number: number; active?: boolean }) {
  return (
    <Box
      component="span"
      aria-hidden
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        minWidth: 28,
        height: 28,
        marginTop: 26,
        borderRadius: 14,
        fontWeight: 700,
        fontSize: 14,
        background: active ? '#c92a2a' : '#1a1b1e',
        color: '#ffffff',
      }}
    >
      {number}
    </Box>
  );
}

/** The map with its pins: a click adds a pin there, a dragged pin moves. */
function MapCanvas({
  map,
  pins,
  selected,
  onAdd,
  onMove,
  onSelect,
}: {
  map: VenueMap;
  pins: DraftPin[];
  selected: number | null;
  onAdd: (x: number, y: number) => void;
  onMove: (key: number, x: number, y: number) => void;
  onSelect: (key: number) => void;
}) {
  const { t } = useTranslation();
  const frame = useRef<HTMLDivElement>(null);
  const dragging = useRef<{ key: number; moved: boolean } | null>(null);
  const position = (clientX: number, clientY: number) => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return null;
    return { x: ((clientX - box.left) / box.width) * 100, y: ((clientY - box.top) / box.height) * 100 };
  };
  const onPinDown = (key: number) => (e: ReactPointerEvent<HTMLButtonElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    dragging.current = { key, moved: false };
    onSelect(key);
  };
  const onPinMove = (e: ReactPointerEvent<HTMLButtonElement>) => {
    if (!dragging.current) return;
    const at = position(e.clientX, e.clientY);
    if (!at) return;
    dragging.current.moved = true;
    onMove(dragging.current.key, at.x, at.y);
  };
  return (
    <Box
      ref={frame}
      pos="relative"
      style={{ lineHeight: 0, maxWidth: map.width, border: '1px solid var(--mantine-color-gray-4)' }}
      data-testid="venue-map-canvas"
    >
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard places pins with Add pin and the % inputs below */}
      <img
        src={map.image}
        alt={t('organizer.venueMap.imageAlt')}
        width={map.width}
        height={map.height}
        style={{ width: '100%', height: 'auto', cursor: 'crosshair', display: 'block' }}
        draggable={false}
        onClick={(e) => {
          const at = position(e.clientX, e.clientY);
          if (at) onAdd(at.x, at.y);
        }}
        data-testid="venue-map-image"
      />
      {pins.map((pin, index) => (
        <button
          key={pin.key}
          type="button"
          tabIndex={-1}
          aria-label={t('organizer.venueMap.pin', { number: index + 1 })}
          onPointerDown={onPinDown(pin.key)}
          onPointerMove={onPinMove}
          onPointerUp={() => {
            dragging.current = null;
          }}
          data-testid={`venue-map-marker-${index + 1}`}
          style={{
            position: 'absolute',
            left: `${pin.x}%`,
            top: `${pin.y}%`,
            transform: 'translate(-50%, -50%)',
            minWidth: 28,
            height: 28,
            borderRadius: 14,
            border: '2px solid #ffffff',
            background: selected === pin.key ? '#c92a2a' : '#1a1b1e',
            color: '#ffffff',
            fontWeight: 700,
            fontSize: 14,
            lineHeight: '24px',
            cursor: 'grab',
            touchAction: 'none',
            zIndex: selected === pin.key ? 2 : 1,
          }}
        >
          {index + 1}
        </button>
      ))}
    </Box>
  );
}
