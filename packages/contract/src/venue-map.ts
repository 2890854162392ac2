import { z } from 'zod';
import { idSchema, requiredText } from './common';

/**
 * A2.71 venue map: one image of the venue per event with numbered pins placed by percentage
 * (0–100 from the image's left and top edge), each with a label and optionally one of the
 * programme's rooms. The organizer edits it in the console; attendees get it with the event details.
 */

/** At most this many pins on one map. */
export const VENUE_MAP_MAX_PINS = 100;
/** A pin's label: 1–80 characters. */
export const VENUE_MAP_LABEL_MAX = 80;
/** The browser scales the map down to fit this before upload; the server refuses larger images. */
export const VENUE_MAP_IMAGE_SIZE = { width: 2400, height: 2400 } as const;

/** A position on the map in percent of the image's width or height. */
const percentSchema = z
  .number({ error: 'validation.error.number' })
  .finite('validation.error.number')
  .min(0, 'venueMap.error.position')
  .max(100, 'venueMap.error.position');

/** One pin as the console saves it. */
export const venueMapPinInputSchema = z.strictObject({
  x: percentSchema,
  y: percentSchema,
  label: requiredText(VENUE_MAP_LABEL_MAX),
  roomId: idSchema.nullable().default(null),
});
export type VenueMapPinInput = z.input<typeof venueMapPinInputSchema>;

/** PUT /organizer/event/:eventId/venue-map: every pin of the map, in their numbered order. */
export const venueMapPinsRequest = z.strictObject({
  pins: z
    .array(venueMapPinInputSchema, { error: 'validation.error.type' })
    .max(VENUE_MAP_MAX_PINS, 'venueMap.error.tooManyPins'),
});
export type VenueMapPinsRequest = z.input<typeof venueMapPinsRequest>;

/** POST /organizer/event/:eventId/venue-map/image: the map as a data URL (PNG or JPEG). */
export const venueMapImageRequest = z.strictObject({
  dataUrl: z
    .string()
    .max(8_000_000, 'validation.error.fileTooLarge')
    .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, 'validation.error.image'),
});
export type VenueMapImageRequest = z.input<typeof venueMapImageRequest>;

/** One pin as clients show it; `number` counts from 1 in the saved order. */
export const venueMapPinSchema = z.object({
  number: z.number(),
  x: z.number(),
  y: z.number(),
  label: z.string(),
  roomId: z.number().nullable(),
  /** The room's current name; null without a room (or when the room was deleted). */
  roomName: z.string().nullable(),
});
export type VenueMapPin = z.infer<typeof venueMapPinSchema>;

export const venueMapSchema = z.object({
  /** Where the image is served from. */
  image: z.string(),
  width: z.number(),
  height: z.number(),
  pins: z.array(venueMapPinSchema),
});
export type VenueMap = z.infer<typeof venueMapSchema>;

/** What the database keeps of a map (the room's name is looked up when it is shown). */
export interface StoredVenueMap {
  image: string;
  width: number;
  height: number;
  pins: { x: number; y: number; label: string; roomId: number | null }[];
}

/**
 * A stored map with its rooms' current names; pins of deleted rooms keep their label, lose the room.
 * Without `roomNames` (the console, which knows the rooms) room ids stay as stored and names are null.
 */
export function toVenueMap(
  stored: StoredVenueMap | null | undefined,
  roomNames: ReadonlyMap<number, string> | null,
): VenueMap | null {
  if (!stored?.image) return null;
  return {
    image: stored.image,
    width: stored.width,
    height: stored.height,
    pins: (stored.pins ?? []).map((pin, index) => {
      const roomName = pin.roomId === null ? null : (roomNames?.get(pin.roomId) ?? null);
      return {
        number: index + 1,
        x: pin.x,
        y: pin.y,
        label: pin.label,
        roomId: roomNames && roomName === null ? null : pin.roomId,
        roomName,
      };
    }),
  };
}
