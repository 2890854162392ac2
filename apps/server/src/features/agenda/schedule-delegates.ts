import type { FastifyRequest } from 'fastify';

/**
 * The spec puts sessions and 1:1 meetings behind the same schedule calls (E7.08–E7.15): join with
 * toType participant, leave with invitationId, addToSession for a meeting guest. The agenda owns
 * those routes; the meetings feature plugs its handling in here instead of registering the same
 * path twice (which Fastify refuses):
 *
 *   delegateScheduleCall('join', async (request) => isMine(request.body) ? handle(request) : PASS);
 *
 * Delegates run first, in registration order; the first that does not return PASS answers (its
 * value becomes `data` of the envelope, its AppError the error).
 */
export type ScheduleCall = 'join' | 'leave' | 'addToSession';
export const PASS: unique symbol = Symbol('schedule-delegate-pass');
export type ScheduleDelegate = (request: FastifyRequest) => Promise<unknown>;

const delegates = new Map<ScheduleCall, ScheduleDelegate[]>();

export function delegateScheduleCall(call: ScheduleCall, handler: ScheduleDelegate): void {
  const list = delegates.get(call) ?? [];
  if (!list.includes(handler)) list.push(handler);
  delegates.set(call, list);
}

export async function runDelegates(
  call: ScheduleCall,
  request: FastifyRequest,
): Promise<{ handled: true; data: unknown } | { handled: false }> {
  for (const handler of delegates.get(call) ?? []) {
    const data = await handler(request);
    if (data !== PASS) return { handled: true, data };
  }
  return { handled: false };
}
