import type { VenueMap } from '@foyer/contract';
import { ActionIcon, Box, Group, NumberInput, Paper, Select, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type PointerEvent as ReactPointerEvent, useRef } from 'react';
import { useTranslation } from '../../../i18n/react';

// The venue map's pins in the console (A2.71): their draft shape, the row that edits one, and the
// map they sit on.

export interface DraftPin {
  key: number;
  x: number;
  y: number;
  label: string;
  roomId: number | null;
}

let nextKey = 1;
/** A key for a new pin's row, unique in the page's life. */
export const newPinKey = () => nextKey++;

export const toDraft = (map: VenueMap | null): DraftPin[] =>
  (map?.pins ?? []).map((pin) => ({
    key: newPinKey(),
    x: pin.x,
    y: pin.y,
    label: pin.label,
    roomId: pin.roomId,
  }));

/** A percentage with one decimal, kept within the map. */
export const percent = (value: number) => Math.round(Math.min(100, Math.max(0, value)) * 10) / 10;

/** One pin's row: its number, name, place in % and room, and its delete button. */
export function PinRow({
  pin,
  index,
  selected,
  errors,
  rooms,
  onChange,
  onSelect,
  onDelete,
}: {
  pin: DraftPin;
  index: number;
  selected: boolean;
  errors: Record<string, string>;
  rooms: { value: string; label: string }[];
  onChange: (patch: Partial<DraftPin>) => void;
  onSelect: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper
      component="li"
      withBorder
      p="xs"
      radius="sm"
      bg={selected ? 'var(--mantine-primary-color-light)' : undefined}
      data-testid={`venue-map-pin-row-${index + 1}`}
      onFocus={onSelect}
    >
      <Group align="flex-start" gap="xs" wrap="wrap">
        <PinBadge number={index + 1} active={selected} />
        <TextInput
          label={t('organizer.venueMap.label', { number: index + 1 })}
          value={pin.label}
          onChange={(e) => onChange({ label: e.currentTarget.value })}
          maxLength={200}
          error={errors[`pins.${index}.label`]}
          style={{ flex: '1 1 12rem' }}
          data-testid={`venue-map-pin-label-${index + 1}`}
        />
        {(['x', 'y'] as const).map((axis) => (
          <NumberInput
            key={axis}
            label={t(axis === 'x' ? 'organizer.venueMap.x' : 'organizer.venueMap.y')}
            value={pin[axis]}
            min={0}
            max={100}
            step={0.5}
            decimalScale={1}
            clampBehavior="strict"
            onChange={(value) => onChange({ [axis]: typeof value === 'number' ? value : 0 })}
            error={errors[`pins.${index}.${axis}`]}
            w={110}
            data-testid={`venue-map-pin-${axis}-${index + 1}`}
          />
        ))}
        <Select
          label={t('organizer.venueMap.room')}
          placeholder={t('organizer.venueMap.noRoom')}
          data={rooms}
          value={pin.roomId === null ? null : String(pin.roomId)}
          onChange={(value) => onChange({ roomId: value ? Number(value) : null })}
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
          onClick={onDelete}
          data-testid={`venue-map-pin-delete-${index + 1}`}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
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
export function MapCanvas({
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
