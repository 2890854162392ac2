import {
  AREA_STALE,
  type ConsoleCheckInArea,
  ErrorCode,
  type UpdateCheckInAreaRequest,
} from '@foyer/contract';
import { ApiError } from '../../../lib/api-client';

/**
 * E5.56: a change to an area names the `updatedAt` the editor read, so that a save made after
 * another organizer's is refused (409) instead of silently undoing theirs.
 */
export function areaUpdate(
  area: Pick<ConsoleCheckInArea, 'id' | 'updatedAt'>,
  rules: Omit<UpdateCheckInAreaRequest, 'updatedAt'>,
): UpdateCheckInAreaRequest & { id: number } {
  return { id: area.id, ...rules, updatedAt: area.updatedAt };
}

/** The server's answer to a save from an out-of-date read (the area changed meanwhile). */
export const isStaleArea = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.status === 409 &&
  error.code === ErrorCode.Conflict &&
  error.fields?.updatedAt === AREA_STALE;
