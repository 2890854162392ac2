import {
  deletePollQuery,
  isPollActionBody,
  pollActionRequest,
  pollEventQuery,
  pollParams,
  pollsQuery,
  savePollRequest,
  submitPollRequest,
} from '@foyer/contract';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { requireUser } from '../../http/auth';
import { parse } from '../../http/validate';
import {
  deletePoll,
  getPoll,
  listPolls,
  type PollDeps,
  pollAction,
  publishDuePolls,
  savePoll,
  submitVote,
} from './polls.service';

const deps = (request: FastifyRequest): PollDeps => ({
  ctx: request.server.ctx,
  realtime: request.server.realtime,
  bus: request.server.bus,
});

const DUE_CHECK_MS = 30_000;

/** Polls (E7.45–E7.49); live on newEvents/{eventId}. */
export const pollRoutes: FastifyPluginAsync = async (app) => {
  app.get('/event/poll', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(pollsQuery, request.query);
    return { success: true, data: await listPolls(deps(request), userId, eventId) };
  });

  app.get('/event/poll/:pollId', async (request) => {
    const { userId } = await requireUser(request);
    const { pollId } = parse(pollParams, request.params);
    const { eventId } = parse(pollEventQuery, request.query);
    return { success: true, data: await getPoll(deps(request), userId, eventId, pollId) };
  });

  // One path for create, edit and actions (E7.45, E7.46, E7.49): a body with `action` is an action.
  app.post('/event/poll', async (request) => {
    const { userId } = await requireUser(request);
    const data = isPollActionBody(request.body)
      ? await pollAction(deps(request), userId, parse(pollActionRequest, request.body))
      : await savePoll(deps(request), userId, parse(savePollRequest, request.body));
    return { success: true, data };
  });

  app.delete('/event/poll', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await deletePoll(deps(request), userId, parse(deletePollQuery, request.query)),
    };
  });

  app.post('/event/poll/submit', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await submitVote(deps(request), userId, parse(submitPollRequest, request.body)),
    };
  });

  app.scheduler.every('scheduled-polls', DUE_CHECK_MS, () =>
    publishDuePolls({ ctx: app.ctx, realtime: app.realtime, bus: app.bus }),
  );
};
