import type { FastifyInstance } from 'fastify';
import type { Person } from '../../../test/factories';
import { call } from '../../../test/helper';

/** The import tests' shared calls: a step of the console's import, and a file as the console sends it. */

/** POST …/import/{step} (preview, validate, commit) as `who`. */
export function importStep<T>(
  app: FastifyInstance,
  who: Pick<Person, 'headers'>,
  eventId: number,
  step: string,
  payload: Record<string, unknown>,
) {
  return call<T>(app, {
    method: 'POST',
    url: `/api/v1/organizer/event/${eventId}/import/${step}`,
    headers: who.headers,
    payload,
  });
}

/** A file of `kind` (attendees, sessions…) as the console uploads it: its name and its bytes in base64. */
export const importFile = (kind: string, content: string | Buffer, fileName = `${kind}.csv`) => ({
  kind,
  fileName,
  contentBase64: Buffer.from(content).toString('base64'),
});
