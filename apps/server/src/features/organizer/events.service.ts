import {
  BOOTH_IMAGE_SIZE,
  type ConsoleEvent,
  type ConsoleEventDetails,
  type createEventRequest,
  type duplicateEventRequest,
  type eventImageRequest,
  type OrganizerRole,
  RESERVED_DOMAIN_LABELS,
  RecordType,
  realtimeRoom,
  type updateEventRequest,
} from '@foyer/contract';
import type { Transaction, Updateable } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import type { Executor } from '../../db/executor';
import type { DB, EventRow, EventsTable } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { Realtime } from '../../realtime/realtime';
import { removeUploadedImage, storeUploadedImage } from '../booths/booths.images';
import { copyWords, languagesWithWords, readWords, saveWords } from '../event-words/event-words.service';
import { generateTicketId } from '../registration/ticket';
import { findUserById } from '../user/user.service';
import { toConsoleEvent, toConsoleEventDetails } from './events.present';
import * as repo from './events.repository';
import { consoleRole, requireConsole } from './organizer.access';

/** What the event's attendees see of a change: they refetch the event (its `me` is theirs alone). */
export interface EventChangedRecord {
  eventId: number;
  updatedAt: string;
}

export interface EventSetupDeps {
  ctx: AppContext;
  realtime: Realtime;
}

/** Rights every organizer holds (E6.08, A3.11). */
const ORGANIZER_RIGHTS = { inviteparticipant: true, onbehalfmeeting: true, reserveatable: true };

/** The types a new event starts with; the organizer renames or adds more. */
const DEFAULT_TYPES = [
  { name: 'Attendee', ticket_type: 'Attendee', priority: 1, at_registration: true, max_meeting_count: null },
  { name: 'Speaker', ticket_type: 'Speaker', priority: 2, at_registration: false, max_meeting_count: null },
  {
    name: 'Exhibitor',
    ticket_type: 'Exhibitor',
    priority: 3,
    at_registration: false,
    max_meeting_count: null,
  },
] as const;

const DEFAULT_COLORS = { primary: '#1c4f8c' };

const domainError = (key: string, message: string) => AppError.badRequest(message, { domain: key });

async function checkDomain(db: Executor, domain: string | null | undefined, exceptEventId: number | null) {
  if (!domain) return;
  if ((RESERVED_DOMAIN_LABELS as readonly string[]).includes(domain)) {
    throw domainError('organizer.error.domainReserved', 'This domain label is reserved');
  }
  if (await repo.isDomainTaken(db, domain, exceptEventId)) {
    throw domainError('organizer.error.domainTaken', 'Another event already uses this domain label');
  }
}

async function withDomainCheck<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    // A lost race on the unique domain index reads as the same field error.
    if (isUniqueViolation(error, 'domain'))
      throw domainError('organizer.error.domainTaken', 'Another event already uses this domain label');
    throw error;
  }
}

/** GET /organizer/event: every event the caller organizes or checks people in at. */
export async function listConsoleEvents(ctx: AppContext, userId: number): Promise<ConsoleEvent[]> {
  const rows = await repo.findConsoleEvents(ctx.db, userId);
  const now = ctx.now();
  return rows.flatMap(({ event, me, participantCount }) => {
    const role = consoleRole(me);
    return role ? [toConsoleEvent(event, role, participantCount, now)] : [];
  });
}

export async function getConsoleEvent(
  ctx: AppContext,
  userId: number,
  eventId: number,
): Promise<ConsoleEventDetails> {
  const { event, role } = await requireConsole(ctx.db, eventId, userId, 'checkin');
  return consoleDetails(ctx, event, role);
}

/** The console's view of an event: its participants counted and its own words read beside it. */
export async function consoleDetails(
  ctx: AppContext,
  event: EventRow,
  role: OrganizerRole,
): Promise<ConsoleEventDetails> {
  const [participantCount, words] = await Promise.all([
    repo.countParticipants(ctx.db, event.id),
    readWords(ctx.db, event.id),
  ]);
  return toConsoleEventDetails(event, role, participantCount, ctx.now(), words);
}

/** Inserts the caller as the event's owner: organizer, check-in admin, every organizer right. */
async function insertOwner(db: Executor, eventId: number, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw AppError.unauthenticated();
  await db
    .insertInto('participants')
    .values({
      event_id: eventId,
      user_id: userId,
      email: user.username,
      name: user.name,
      surname: user.surname,
      organizer: true,
      organizer_role: 'owner',
      check_in_admin: true,
      rights: JSON.stringify(ORGANIZER_RIGHTS),
      fields: '{}',
      state: 'active',
      reg_type: 'organizer',
      ticket_id: generateTicketId(),
      visible: true,
    })
    .execute();
}

/** POST /organizer/event: a new event with default participant types; the caller owns it. */
export async function createEvent(
  ctx: AppContext,
  userId: number,
  input: z.output<typeof createEventRequest>,
): Promise<ConsoleEventDetails> {
  await checkDomain(ctx.db, input.domain, null);
  const event = await withDomainCheck(() =>
    ctx.db.transaction().execute(async (trx) => {
      const sdt = new Date(input.sdt);
      const created = await repo.insertEvent(trx, {
        name: input.name,
        description: input.description ?? '',
        event_type: input.eventType,
        default_language: input.defaultLanguage,
        languages: JSON.stringify([input.defaultLanguage]),
        timezone: input.timezone,
        domain: input.domain ?? null,
        public_event: input.publicEvent,
        registration_open: true,
        registration_form: '[]',
        start_date: sdt,
        real_sdt: sdt,
        real_edt: new Date(input.edt),
        images: '{}',
        colors: JSON.stringify(DEFAULT_COLORS),
        pages: '{}',
        tabs: '[]',
        limit_tabs: null,
        tabs_config: null,
        translation: '{}',
        created_by: userId,
      });
      await repo.insertParticipantTypes(
        trx,
        DEFAULT_TYPES.map((type) => ({ ...type, event_id: created.id })),
      );
      await insertOwner(trx, created.id, userId);
      return created;
    }),
  );
  return toConsoleEventDetails(event, 'owner', 1, ctx.now(), {});
}

function changesOf(input: z.output<typeof updateEventRequest>, current: EventRow): Updateable<EventsTable> {
  const changes: Updateable<EventsTable> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  if (input.eventType !== undefined) changes.event_type = input.eventType;
  if (input.timezone !== undefined) changes.timezone = input.timezone;
  if (input.publicEvent !== undefined) changes.public_event = input.publicEvent;
  if (input.registrationOpen !== undefined) changes.registration_open = input.registrationOpen;
  if (input.useTicketIdForSignup !== undefined) changes.use_ticket_id_for_signup = input.useTicketIdForSignup;
  if (input.meetingsEnabled !== undefined) changes.meetings_enabled = input.meetingsEnabled;
  if (input.restricted !== undefined) changes.restricted = input.restricted;
  if (input.domain !== undefined) changes.domain = input.domain;
  if (input.indexPagePath !== undefined) changes.index_page_path = input.indexPagePath;
  if (input.tabs !== undefined) changes.tabs = JSON.stringify(input.tabs);
  if (input.registrationForm !== undefined) {
    const names = new Set<string>();
    for (const field of input.registrationForm) {
      if (names.has(field.fieldName)) {
        throw AppError.badRequest(`Two fields are named ${field.fieldName}`, {
          registrationForm: 'organizer.error.duplicateField',
        });
      }
      names.add(field.fieldName);
      if ((field.type === 'select' || field.type === 'multiselect') && !field.dataList?.length) {
        throw AppError.badRequest(`The field ${field.fieldName} needs options`, {
          registrationForm: 'organizer.error.fieldOptions',
        });
      }
    }
    changes.registration_form = JSON.stringify(input.registrationForm);
  }
  if (input.colors !== undefined) changes.colors = JSON.stringify({ ...current.colors, ...input.colors });
  if (input.pages !== undefined) changes.pages = JSON.stringify({ ...current.pages, ...input.pages });
  if (input.translation !== undefined) changes.translation = JSON.stringify(input.translation);
  // A7.28: the languages that have words, on the event's row; the words are saved beside it.
  if (input.words !== undefined) changes.own_words = languagesWithWords(input.words);
  const sdt = input.sdt !== undefined ? new Date(input.sdt) : current.real_sdt;
  const edt = input.edt !== undefined ? new Date(input.edt) : current.real_edt;
  if (edt.getTime() <= sdt.getTime()) {
    throw AppError.badRequest('The end must be after the start', { edt: 'validation.error.endBeforeStart' });
  }
  if (input.sdt !== undefined) {
    changes.real_sdt = sdt;
    changes.start_date = sdt;
  }
  if (input.edt !== undefined) changes.real_edt = edt;
  // The default language is always one of the event's languages.
  const languages = input.languages ?? current.languages;
  const defaultLanguage = input.defaultLanguage ?? current.default_language;
  if (input.languages !== undefined || input.defaultLanguage !== undefined) {
    changes.default_language = defaultLanguage;
    changes.languages = JSON.stringify(
      languages.includes(defaultLanguage) ? languages : [defaultLanguage, ...languages],
    );
  }
  return changes;
}

/** Tells the event's open screens that it changed (A7.41: texts and branding update live). */
export async function announceChange(deps: EventSetupDeps, event: EventRow, trx: Transaction<DB>) {
  await deps.realtime.publish(
    realtimeRoom.event(event.id),
    RecordType.EventChanged,
    { eventId: event.id, updatedAt: event.updated_at.toISOString() } satisfies EventChangedRecord,
    trx,
  );
}

/** PUT /organizer/event/:eventId. */
export async function updateEvent(
  deps: EventSetupDeps,
  userId: number,
  eventId: number,
  input: z.output<typeof updateEventRequest>,
): Promise<ConsoleEventDetails> {
  const { ctx } = deps;
  const { role } = await requireConsole(ctx.db, eventId, userId, 'event');
  await checkDomain(ctx.db, input.domain, eventId);
  const event = await withDomainCheck(() =>
    ctx.db.transaction().execute(async (trx) => {
      const current = await repo.lockEvent(trx, eventId);
      if (!current) throw AppError.notFound('Event not found');
      const updated = await repo.updateEvent(trx, eventId, {
        ...changesOf(input, current),
        updated_at: ctx.now(),
      });
      // A7.27: the event's own words replace the old ones as a whole; {} removes them all.
      if (input.words !== undefined) await saveWords(trx, eventId, input.words);
      await announceChange(deps, updated, trx);
      return updated;
    }),
  );
  return consoleDetails(ctx, event, role);
}

/** POST /organizer/event/:eventId/image: the event's logo (≤ 700×700) or banner (≤ 1260×250). */
export async function uploadEventImage(
  deps: EventSetupDeps,
  userId: number,
  eventId: number,
  input: z.output<typeof eventImageRequest>,
): Promise<ConsoleEventDetails> {
  const { ctx } = deps;
  const { role } = await requireConsole(ctx.db, eventId, userId, 'event');
  const url = await storeUploadedImage(
    ctx.config.dataDir,
    {
      folder: 'events',
      stem: `${eventId}-${input.kind}`,
      label: input.kind,
      max: BOOTH_IMAGE_SIZE[input.kind],
    },
    input.dataUrl,
  );
  const { event, previous } = await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockEvent(trx, eventId);
    if (!current) throw AppError.notFound('Event not found');
    const updated = await repo.updateEvent(trx, eventId, {
      images: JSON.stringify({ ...current.images, [input.kind]: url }),
      updated_at: ctx.now(),
    });
    await announceChange(deps, updated, trx);
    const previous = current.images[input.kind];
    // Another event may show it still (a duplicate starts with the original's files).
    const shared = previous ? await repo.eventImageInUse(trx, previous) : false;
    return { event: updated, previous: shared ? undefined : previous };
  });
  await removeUploadedImage(ctx.config.dataDir, 'events', previous);
  return consoleDetails(ctx, event, role);
}

/** POST /organizer/event/:eventId/duplicate: the set-up (types, categories, programme) at new dates; no people. */
export async function duplicateEvent(
  ctx: AppContext,
  userId: number,
  eventId: number,
  input: z.output<typeof duplicateEventRequest>,
): Promise<ConsoleEventDetails> {
  await requireConsole(ctx.db, eventId, userId, 'event');
  await checkDomain(ctx.db, input.domain, null);
  const sdt = new Date(input.sdt);
  const created = await withDomainCheck(() =>
    ctx.db.transaction().execute(async (trx) => {
      // The original held to the commit, as an image upload holds it: an upload beside the copy
      // either comes first (the copy starts with the new file) or sees the copy showing the old one
      // and keeps its file (eventImageInUse).
      const source = await repo.lockEvent(trx, eventId);
      if (!source) throw AppError.notFound('Event not found');
      const shiftMs = sdt.getTime() - source.real_sdt.getTime();
      const setup = await repo.readSetup(trx, eventId);
      const { id: _, created_at: __, updated_at: ___, archived_at: ____, ...copy } = source;
      const event = await repo.insertEvent(trx, {
        ...copy,
        name: input.name,
        domain: input.domain ?? null,
        start_date: sdt,
        real_sdt: sdt,
        real_edt: new Date(source.real_edt.getTime() + shiftMs),
        is_finished: false,
        registration_form: JSON.stringify(source.registration_form),
        images: JSON.stringify(source.images),
        colors: JSON.stringify(source.colors),
        pages: JSON.stringify(source.pages),
        tabs: JSON.stringify(source.tabs),
        limit_tabs: source.limit_tabs === null ? null : JSON.stringify(source.limit_tabs),
        tabs_config: source.tabs_config === null ? null : JSON.stringify(source.tabs_config),
        translation: JSON.stringify(source.translation),
        languages: JSON.stringify(source.languages),
        // A2.71: the copy's rooms are new; its organizer uploads its own map.
        venue_map: null,
        created_by: userId,
      });
      await repo.copySetup(trx, setup, event.id, shiftMs);
      await copyWords(trx, eventId, event.id);
      await insertOwner(trx, event.id, userId);
      return event;
    }),
  );
  return consoleDetails(ctx, created, 'owner');
}

/** POST /organizer/event/:eventId/archive|restore: only the owner; archived events leave attendee lists. */
export async function setArchived(
  deps: EventSetupDeps,
  userId: number,
  eventId: number,
  archived: boolean,
): Promise<ConsoleEventDetails> {
  const { ctx } = deps;
  const { role } = await requireConsole(ctx.db, eventId, userId, 'event');
  if (role !== 'owner') throw AppError.forbidden('Only the owner of the event may archive or restore it');
  const event = await ctx.db.transaction().execute(async (trx) => {
    const updated = await repo.updateEvent(trx, eventId, {
      archived_at: archived ? ctx.now() : null,
      updated_at: ctx.now(),
    });
    await announceChange(deps, updated, trx);
    return updated;
  });
  return consoleDetails(ctx, event, role);
}
