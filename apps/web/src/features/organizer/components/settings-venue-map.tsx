import { VENUE_MAP_IMAGE_SIZE, VENUE_MAP_MAX_PINS, venueMapPinsRequest } from '@foyer/contract';
import { Alert, Button, FileButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { messageText, unnamedMessage } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useRemoveVenueMap, useSaveVenueMapPins, useUploadVenueMap } from '../api/events';
import { useProgramme } from '../api/programme';
import { fitImage } from './settings-branding';
import type { SectionProps } from './settings-section';
import { type DraftPin, MapCanvas, newPinKey, PinRow, percent, toDraft } from './settings-venue-map-pins';

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
    const key = newPinKey();
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
                <PinRow
                  key={pin.key}
                  pin={pin}
                  index={index}
                  selected={selected === pin.key}
                  errors={errors}
                  rooms={rooms}
                  onChange={(patch) => change(pin.key, patch)}
                  onSelect={() => setSelected(pin.key)}
                  onDelete={() => setPins((list) => list.filter((p) => p.key !== pin.key))}
                />
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
