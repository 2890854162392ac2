import type { EventDetails, VenueMap } from '@foyer/contract';
import {
  ActionIcon,
  Anchor,
  Box,
  EmptyState,
  Grid,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconMap, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/react';

const ZOOMS = [1, 1.5, 2, 3] as const;
const PIN = '#1a1b1e';
const PIN_ACTIVE = '#c92a2a';

/**
 * A2.71 venue map tab: the event's map with numbered pins placed by percentage, and the list of the
 * pins next to it (below on a phone). The list is the accessible equivalent of the picture;
 * choosing a place in either highlights it in both.
 */
export function VenueMapTab({ event }: { event: EventDetails }) {
  const { t } = useTranslation();
  const map = event.venueMap;
  if (!map) {
    return (
      <Paper withBorder radius="md" data-testid="event-tab-panel-venueMap">
        <EmptyState
          py="xl"
          icon={<IconMap size={32} aria-hidden />}
          title={t('eventArea.tab.venueMap.title')}
        />
      </Paper>
    );
  }
  return <VenueMapView map={map} eventName={event.name} />;
}

function VenueMapView({ map, eventName }: { map: VenueMap; eventName: string }) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number | null>(null);
  const [zoom, setZoom] = useState(0);
  const pinRefs = useRef(new Map<number, HTMLButtonElement>());
  const itemRefs = useRef(new Map<number, HTMLButtonElement>());
  const choose = (number: number, from: 'map' | 'list') => {
    const next = selected === number ? null : number;
    setSelected(next);
    if (next === null) return;
    // Bring the counterpart into view: the pin on a zoomed map, the row in a long list.
    const target = (from === 'map' ? itemRefs : pinRefs).current.get(next);
    target?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  // A pin that left the map (organizer removed it) is no longer selected.
  useEffect(() => {
    if (selected !== null && !map.pins.some((pin) => pin.number === selected)) setSelected(null);
  }, [map.pins, selected]);

  const scale = ZOOMS[zoom] ?? 1;
  return (
    <Grid gap="md" data-testid="event-tab-panel-venueMap">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder radius="md" p="xs">
          <Group justify="space-between" mb="xs" gap="xs">
            <Anchor href={map.image} target="_blank" rel="noopener" size="sm">
              {t('eventArea.venueMap.fullSize')}
            </Anchor>
            <Group gap={4}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('eventArea.venueMap.zoomOut')}
                disabled={zoom === 0}
                onClick={() => setZoom((z) => Math.max(0, z - 1))}
                data-testid="venue-map-zoom-out"
              >
                <IconZoomOut size={18} aria-hidden />
              </ActionIcon>
              <Text size="sm" aria-live="polite" miw={80} ta="center">
                {t('eventArea.venueMap.zoomLevel', { percent: Math.round(scale * 100) })}
              </Text>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('eventArea.venueMap.zoomIn')}
                disabled={zoom === ZOOMS.length - 1}
                onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
                data-testid="venue-map-zoom-in"
              >
                <IconZoomIn size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
          <Box style={{ overflow: 'auto', maxHeight: '75vh' }} data-testid="venue-map-viewport">
            <Box pos="relative" style={{ width: `${scale * 100}%`, lineHeight: 0 }}>
              <img
                src={map.image}
                alt={t('eventArea.venueMap.imageAlt', { name: eventName })}
                width={map.width || undefined}
                height={map.height || undefined}
                style={{ width: '100%', height: 'auto', display: 'block' }}
                data-testid="venue-map-picture"
              />
              {map.pins.map((pin) => {
                const active = selected === pin.number;
                return (
                  <button
                    key={pin.number}
                    ref={(el) => {
                      if (el) pinRefs.current.set(pin.number, el);
                      else pinRefs.current.delete(pin.number);
                    }}
                    type="button"
                    aria-label={t('eventArea.venueMap.pin', { number: pin.number, label: pin.label })}
                    aria-pressed={active}
                    onClick={() => choose(pin.number, 'map')}
                    data-testid={`venue-map-pin-${pin.number}`}
                    style={{
                      position: 'absolute',
                      left: `${pin.x}%`,
                      top: `${pin.y}%`,
                      transform: `translate(-50%, -50%) scale(${active ? 1.3 : 1})`,
                      minWidth: 28,
                      height: 28,
                      padding: '0 6px',
                      borderRadius: 14,
                      border: '2px solid #ffffff',
                      boxShadow: active ? `0 0 0 3px ${PIN_ACTIVE}55` : '0 1px 3px rgba(0,0,0,.4)',
                      background: active ? PIN_ACTIVE : PIN,
                      color: '#ffffff',
                      fontWeight: 700,
                      fontSize: 14,
                      lineHeight: '24px',
                      cursor: 'pointer',
                      zIndex: active ? 2 : 1,
                    }}
                  >
                    {pin.number}
                  </button>
                );
              })}
            </Box>
          </Box>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="venue-map-list-title">
          <Title order={2} size="h4" id="venue-map-list-title" mb="sm">
            {t('eventArea.venueMap.listTitle')}
          </Title>
          {map.pins.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('eventArea.venueMap.empty')}
            </Text>
          ) : (
            <Stack
              component="ol"
              gap={4}
              style={{ listStyle: 'none', padding: 0, margin: 0 }}
              data-testid="venue-map-list"
            >
              {map.pins.map((pin) => {
                const active = selected === pin.number;
                return (
                  <li key={pin.number}>
                    <UnstyledButton
                      ref={(el: HTMLButtonElement | null) => {
                        if (el) itemRefs.current.set(pin.number, el);
                        else itemRefs.current.delete(pin.number);
                      }}
                      aria-pressed={active}
                      onClick={() => choose(pin.number, 'list')}
                      data-testid={`venue-map-item-${pin.number}`}
                      w="100%"
                      p="xs"
                      style={{
                        borderRadius: 6,
                        background: active ? 'var(--mantine-color-red-light)' : undefined,
                        outline: active ? `2px solid ${PIN_ACTIVE}` : undefined,
                      }}
                    >
                      <Group gap="sm" wrap="nowrap" align="flex-start">
                        <Box
                          component="span"
                          style={{
                            flex: 'none',
                            display: 'inline-flex',
                            alignItems: 'center',
                            justifyContent: 'center',
                            minWidth: 28,
                            height: 28,
                            borderRadius: 14,
                            background: active ? PIN_ACTIVE : PIN,
                            color: '#ffffff',
                            fontWeight: 700,
                            fontSize: 14,
                          }}
                        >
                          {pin.number}
                        </Box>
                        <Stack gap={0} style={{ minWidth: 0 }}>
                          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {pin.label}
                          </Text>
                          {pin.roomName && (
                            <Text size="xs" c="dimmed">
                              {t('eventArea.venueMap.room', { room: pin.roomName })}
                            </Text>
                          )}
                        </Stack>
                      </Group>
                    </UnstyledButton>
                  </li>
                );
              })}
            </Stack>
          )}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
