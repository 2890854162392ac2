import {
  type ConsoleEventDetails,
  ErrorCode,
  EVENT_WORDS_MAX,
  type EventDetails,
  type EventWords,
} from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import { makeEvent, makePerson, type Person } from '../../../test/factories';
import { apiAs, useTestApp } from '../../../test/helper';

const t = useTestApp();
const req = apiAs(t);

const WORDS = {
  en: { 'attendees.title': 'Delegates', 'chat.rooms.unread_other': '{count} unread' },
  tr: { 'attendees.title': 'Delegeler' },
} satisfies EventWords;

/** A private event (no one signed in may read it) and its owner. */
async function eventWithOwner() {
  const event = await makeEvent(t.ctx, { languages: JSON.stringify(['en', 'tr']) });
  const owner = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'owner' });
  return { event, owner };
}

/** The words file as the app fetches it: no API prefix, no one signed in. */
const wordsFile = (file: string) => t.app.inject({ method: 'GET', url: `/messagesForEvent/${file}` });

const putWords = (who: Person, eventId: number, words: unknown, more: Record<string, unknown> = {}) =>
  req<ConsoleEventDetails>(who, 'PUT', `/organizer/event/${eventId}`, { ...more, words });

const consoleWords = async (who: Person, eventId: number) => {
  const res = await req<ConsoleEventDetails>(who, 'GET', `/organizer/event/${eventId}`);
  expect(res.status).toBe(200);
  return res.body.data?.words;
};

const ownWords = async (who: Person, eventId: number) => {
  const res = await req<EventDetails>(who, 'GET', `/event/${eventId}`);
  expect(res.status).toBe(200);
  return res.body.data?.ownWords;
};

/** A 404 in the API's error envelope (never the SPA's page, never a 5xx). */
function expectNotFound(res: Awaited<ReturnType<typeof wordsFile>>, what: string) {
  expect(res.statusCode, what).toBe(404);
  expect(res.headers['content-type'], what).toContain('application/json');
  expect(res.json(), what).toMatchObject({ success: false, error: { code: ErrorCode.NotFound } });
}

describe('an event’s own words (A7.27, A7.28)', () => {
  it('A7.27 an organizer words the app’s texts for the event, served as messagesForEvent/{id}.json', async () => {
    const { event, owner } = await eventWithOwner();
    const saved = await putWords(owner, event.id, {
      ...WORDS,
      // Texts are trimmed like every other text; a language without texts is no own words.
      en: { ...WORDS.en, 'attendees.title': '  Delegates ' },
      ru: {},
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data?.words).toEqual({ ...WORDS, ru: {} });
    expect(await consoleWords(owner, event.id)).toEqual({ ...WORDS, ru: {} });

    const file = await wordsFile(`${event.id}.json`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(file.headers['cache-control']).toBe('public, max-age=60');
    expect(file.json()).toEqual(WORDS);

    // A7.28: the public details name the languages the app should ask in, sorted.
    expect(await ownWords(owner, event.id)).toEqual(['en', 'tr']);
    const attendee = await makePerson(t.ctx, event.id);
    expect(await ownWords(attendee, event.id)).toEqual(['en', 'tr']);

    // A save replaces the words as a whole; one that does not name them keeps them.
    const replaced = await putWords(owner, event.id, { es: { 'attendees.title': 'Delegados' } });
    expect(replaced.status).toBe(200);
    const renamed = await req(owner, 'PUT', `/organizer/event/${event.id}`, { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(await consoleWords(owner, event.id)).toEqual({ es: { 'attendees.title': 'Delegados' } });
    expect((await wordsFile(`${event.id}.json`)).json()).toEqual({ es: { 'attendees.title': 'Delegados' } });
    expect(await ownWords(owner, event.id)).toEqual(['es']);
  });

  it('A7.27 A7.28 {} removes every own word: the file answers 404 and ownWords is empty', async () => {
    const { event, owner } = await eventWithOwner();
    expect((await putWords(owner, event.id, WORDS)).status).toBe(200);
    expect((await wordsFile(`${event.id}.json`)).statusCode).toBe(200);

    const removed = await putWords(owner, event.id, {});
    expect(removed.status).toBe(200);
    expect(removed.body.data?.words).toEqual({});
    expect(await consoleWords(owner, event.id)).toEqual({});
    expectNotFound(await wordsFile(`${event.id}.json`), 'after {}');
    expect(await ownWords(owner, event.id)).toEqual([]);
  });

  it('A7.28 an event without words answers 404 (the app asks only when ownWords says), as does an archived one', async () => {
    const { event, owner } = await eventWithOwner();
    expect(await consoleWords(owner, event.id)).toEqual({});
    expect(await ownWords(owner, event.id)).toEqual([]);
    expectNotFound(await wordsFile(`${event.id}.json`), 'never worded');

    // Languages named without a single text are no words either.
    expect((await putWords(owner, event.id, { en: {}, tr: {} })).status).toBe(200);
    expect(await ownWords(owner, event.id)).toEqual([]);
    expectNotFound(await wordsFile(`${event.id}.json`), 'empty languages');

    // An archived event leaves the app: its words are not found, as if it did not exist.
    expect((await putWords(owner, event.id, WORDS)).status).toBe(200);
    expect((await wordsFile(`${event.id}.json`)).statusCode).toBe(200);
    const archived = await req(owner, 'POST', `/organizer/event/${event.id}/archive`);
    expect(archived.status).toBe(200);
    expectNotFound(await wordsFile(`${event.id}.json`), 'archived');
  });

  it('A7.27 bad words change nothing and answer 400 with a field error', async () => {
    const { event, owner } = await eventWithOwner();
    expect((await putWords(owner, event.id, WORDS)).status).toBe(200);
    const tooMany = Object.fromEntries(
      Array.from({ length: EVENT_WORDS_MAX + 1 }, (_, i) => [`custom.text${i}`, `Text ${i}`]),
    );
    const cases: { what: string; words: unknown; field: string; message: RegExp | string }[] = [
      {
        what: 'an unknown language',
        words: { de: { 'attendees.title': 'Teilnehmer' } },
        field: 'words.de',
        message: 'validation.error.language',
      },
      {
        what: 'a key that is not dotted',
        words: { en: { attendees: 'Delegates' } },
        field: 'words.en.attendees',
        message: 'validation.error.wordKey',
      },
      {
        what: 'a key that starts with a dot',
        words: { en: { '.title': 'Delegates' } },
        field: 'words.en..title',
        message: 'validation.error.wordKey',
      },
      {
        what: 'a text of 501 characters',
        words: { en: { 'attendees.title': 'x'.repeat(501) } },
        field: 'words.en.attendees.title',
        message: 'validation.error.maxLength',
      },
      {
        what: 'an empty text',
        words: { en: { 'attendees.title': '' } },
        field: 'words.en.attendees.title',
        message: 'validation.error.required',
      },
      {
        what: 'a text of blanks',
        words: { en: { 'attendees.title': '   ' } },
        field: 'words.en.attendees.title',
        message: 'validation.error.required',
      },
      {
        what: 'a text that is no text',
        words: { en: { 'attendees.title': 7 } },
        field: 'words.en.attendees.title',
        message: 'validation.error.required',
      },
      {
        what: `${EVENT_WORDS_MAX + 1} keys`,
        words: { en: tooMany },
        field: 'words.en',
        message: 'validation.error.tooManyWords',
      },
      {
        what: 'a NUL byte in a text',
        words: { en: { 'attendees.title': 'Dele\u0000gates' } },
        field: 'words.en.attendees.title',
        message: 'validation.error.nul',
      },
      {
        what: 'words that are a list',
        words: [{ en: {} }],
        field: 'words',
        message: 'validation.error.type',
      },
    ];
    for (const { what, words, field, message } of cases) {
      // A good change beside the bad words: the whole request is refused.
      const res = await putWords(owner, event.id, words, { name: 'Changed' });
      expect(res.status, what).toBe(400);
      expect(res.body.error?.code, what).toBe(ErrorCode.Validation);
      expect(Object.keys(res.body.error?.fields ?? {}), what).toEqual([field]);
      if (typeof message === 'string') expect(res.body.error?.fields?.[field], what).toBe(message);
      else expect(res.body.error?.fields?.[field], what).toMatch(message);
    }
    // API clients other than the app read the new keys in English.
    const badKey = await putWords(owner, event.id, { en: { attendees: 'Delegates' } });
    expect(badKey.body.error?.msg).toBe(
      'words.en.attendees: A text is named by its key, such as attendees.title',
    );
    const overLimit = await putWords(owner, event.id, { en: tooMany });
    expect(overLimit.body.error?.msg).toBe(
      'words.en: An event may word at most 200 texts its own way per language',
    );

    expect(await consoleWords(owner, event.id)).toEqual(WORDS);
    expect((await wordsFile(`${event.id}.json`)).json()).toEqual(WORDS);
    const name = await t.ctx.db
      .selectFrom('events')
      .select('name')
      .where('id', '=', event.id)
      .executeTakeFirst();
    expect(name?.name).toBe(event.name);

    // At the limit, every text is taken.
    const atLimit = Object.fromEntries(Object.entries(tooMany).slice(0, EVENT_WORDS_MAX));
    expect((await putWords(owner, event.id, { en: atLimit })).status).toBe(200);
    expect(Object.keys((await wordsFile(`${event.id}.json`)).json().en)).toHaveLength(EVENT_WORDS_MAX);
  });

  it('A7.28 a file name that names no event id answers 404, never 5xx', async () => {
    const { event, owner } = await eventWithOwner();
    expect((await putWords(owner, event.id, WORDS)).status).toBe(200);
    // The event's own file answers, so each refusal below is the name's, not a missing event's.
    expect((await wordsFile(`${event.id}.json`)).statusCode).toBe(200);
    for (const file of [
      'abc.json',
      '0.json',
      '-1.json',
      `0${event.id}.json`,
      `${event.id}.JSON`,
      `${event.id}`,
      `${event.id}.json.bak`,
      '1.json.bak',
      `${event.id}.json%2F..`,
      '99999999999.json',
      '9999999999.json',
      '2147483648.json',
      '2147483647.json',
      `${event.id + 1}.json`,
    ]) {
      expectNotFound(await wordsFile(file), file);
    }
    // Only at the root: the API prefix has no such file.
    const prefixed = await t.app.inject({ method: 'GET', url: `/api/v1/messagesForEvent/${event.id}.json` });
    expect(prefixed.statusCode).toBe(404);
  });

  it('A7.27 only the event’s organizers may word its texts (403 for an attendee, check-in staff, another event’s owner)', async () => {
    const { event, owner } = await eventWithOwner();
    expect((await putWords(owner, event.id, WORDS)).status).toBe(200);
    const admin = await makePerson(t.ctx, event.id, { organizer: true, organizerRole: 'admin' });
    const attendee = await makePerson(t.ctx, event.id);
    const staff = await makePerson(t.ctx, event.id, { checkInAdmin: true });
    const elsewhere = await makeEvent(t.ctx);
    const otherOwner = await makePerson(t.ctx, elsewhere.id, { organizer: true, organizerRole: 'owner' });
    const hijack = { en: { 'attendees.title': 'Hijacked' } };
    for (const [who, person] of [
      ['attendee', attendee],
      ['check-in staff', staff],
      ['another event’s owner', otherOwner],
    ] as const) {
      expect((await putWords(person, event.id, hijack)).status, who).toBe(403);
      expect((await putWords(person, event.id, {})).status, who).toBe(403);
    }
    expect((await req(null, 'PUT', `/organizer/event/${event.id}`, { words: hijack })).status).toBe(401);
    expect((await wordsFile(`${event.id}.json`)).json()).toEqual(WORDS);
    // An admin of the event may (the event's settings are theirs too).
    expect((await putWords(admin, event.id, hijack)).status).toBe(200);
    expect((await wordsFile(`${event.id}.json`)).json()).toEqual(hijack);
  });

  it('A7.27 duplicating an event copies its words', async () => {
    const { event, owner } = await eventWithOwner();
    expect((await putWords(owner, event.id, WORDS)).status).toBe(200);
    const copy = await req<ConsoleEventDetails>(owner, 'POST', `/organizer/event/${event.id}/duplicate`, {
      name: 'The copy',
      sdt: '2031-05-01T08:00:00.000Z',
    });
    expect(copy.status).toBe(200);
    const copyId = copy.body.data!.id;
    expect(copyId).not.toBe(event.id);
    expect(copy.body.data?.words).toEqual(WORDS);
    expect((await wordsFile(`${copyId}.json`)).json()).toEqual(WORDS);
    expect(await ownWords(owner, copyId)).toEqual(['en', 'tr']);
    // The copy's words are its own: removing them leaves the original's.
    expect((await putWords(owner, copyId, {})).status).toBe(200);
    expect((await wordsFile(`${event.id}.json`)).json()).toEqual(WORDS);
    expectNotFound(await wordsFile(`${copyId}.json`), 'copy after {}');
  });
});
