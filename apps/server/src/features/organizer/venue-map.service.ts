import {
  type ConsoleEventDetails,
  type StoredVenueMap,
  VENUE_MAP_IMAGE_SIZE,
  type venueMapImageRequest,
  type venueMapPinsRequest,
} from '@foyer/contract';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { DB, EventRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { removeUploadedImage, storeUploadedImage } from '../booths/booths.images';
import { imageSize } from '../user/photo';
import * as repo from './events.repository';
import { announceChange, consoleDetails, type EventSetupDeps } from './events.service';
import { requireConsole } from './organizer.access';

/** A2.71: the event's venue map, edited in the console's event settings (organizers only). */

const FOLDER = 'events';

/** Locks the event, changes its map, tells open screens; answers the console's copy. */
async function changeMap(
  deps: EventSetupDeps,
  userId: number,
  eventId: number,
  change: (current: StoredVenueMap | null, trx: Transaction<DB>) => Promise<StoredVenueMap | null>,
): Promise<{ details: ConsoleEventDetails; previous: StoredVenueMap | null }> {
  const { ctx } = deps;
  const { role } = await requireConsole(ctx.db, eventId, userId, 'event');
  const { event, previous } = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockEvent(trx, eventId);
    if (!current) throw AppError.notFound('Event not found');
    const next = await change(current.venue_map, trx);
    const updated: EventRow = await repo.updateEvent(trx, eventId, {
      venue_map: next === null ? null : JSON.stringify(next),
      updated_at: ctx.now(),
    });
    await announceChange(deps, updated, trx);
    return { event: updated, previous: current.venue_map };
  });
  const details = await consoleDetails(ctx, event, role);
  return { details, previous };
}

/** POST /organizer/event/:eventId/venue-map/image: a new or replaced image; the pins stay (they are in %). */
export async function uploadVenueMap(
  deps: EventSetupDeps,
  userId: number,
  eventId: number,
  input: z.output<typeof venueMapImageRequest>,
): Promise<ConsoleEventDetails> {
  const { ctx } = deps;
  await requireConsole(ctx.db, eventId, userId, 'event');
  const url = await storeUploadedImage(
    ctx.config.dataDir,
    { folder: FOLDER, stem: `${eventId}-venue-map`, label: 'venue map', max: VENUE_MAP_IMAGE_SIZE },
    input.dataUrl,
  );
  // storeUploadedImage checked the bytes: the type and size are known to be readable here.
  const [, type = 'png', base64 = ''] = /^data:image\/(jpeg|png);base64,(.*)$/s.exec(input.dataUrl) ?? [];
  const size = imageSize(Buffer.from(base64, 'base64'), type as 'jpeg' | 'png') ?? { width: 0, height: 0 };
  try {
    const { details, previous } = await changeMap(deps, userId, eventId, async (current) => ({
      image: url,
      width: size.width,
      height: size.height,
      pins: current?.pins ?? [],
    }));
    await removeUploadedImage(ctx.config.dataDir, FOLDER, previous?.image);
    return details;
  } catch (error) {
    await removeUploadedImage(ctx.config.dataDir, FOLDER, url);
    throw error;
  }
}

/** PUT /organizer/event/:eventId/venue-map: every pin, in order; rooms must be this event's. */
export async function saveVenueMapPins(
  deps: EventSetupDeps,
  userId: number,
  eventId: number,
  input: z.output<typeof venueMapPinsRequest>,
): Promise<ConsoleEventDetails> {
  const { details } = await changeMap(deps, userId, eventId, async (current, trx) => {
    if (!current) {
      throw AppError.badRequest('Upload the venue map image before placing pins', {
        image: 'venueMap.error.noMap',
      });
    }
    const roomIds = [...new Set(input.pins.flatMap((pin) => pin.roomId ?? []))];
    const known =
      roomIds.length === 0
        ? []
        : await trx
            .selectFrom('locations')
            .select('id')
            .where('event_id', '=', eventId)
            .where('id', 'in', roomIds)
            .execute();
    const knownIds = new Set(known.map((room) => room.id));
    const wrong = input.pins.findIndex((pin) => pin.roomId !== null && !knownIds.has(pin.roomId));
    if (wrong >= 0) {
      throw AppError.badRequest(`pins.${wrong}.roomId: This room is not one of the event's rooms`, {
        [`pins.${wrong}.roomId`]: 'venueMap.error.room',
      });
    }
    return {
      ...current,
      pins: input.pins.map((pin) => ({ x: pin.x, y: pin.y, label: pin.label, roomId: pin.roomId })),
    };
  });
  return details;
}

/** DELETE /organizer/event/:eventId/venue-map: the image and its pins go; the tab disappears. */
export async function removeVenueMap(
  deps: EventSetupDeps,
  userId: number,
  eventId: number,
): Promise<ConsoleEventDetails> {
  const { details, previous } = await changeMap(deps, userId, eventId, async () => null);
  await removeUploadedImage(deps.ctx.config.dataDir, FOLDER, previous?.image);
  return details;
}
