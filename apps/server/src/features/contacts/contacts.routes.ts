import {
  answerContactRequest,
  CONTACT_EXPORT_FILE,
  contactExportQuery,
  contactListQuery,
  contactLookupQuery,
  contactParams,
  contactRequestsQuery,
  emptyRequest,
  saveContactRequest,
  saveNoteRequest,
  scanContactRequest,
} from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import {
  type ContactEditDeps,
  deleteContact,
  deleteNote,
  exportContacts,
  getContact,
  listContacts,
  lookupContact,
  saveContact,
  saveNote,
} from './contacts.service';
import { answerRequest, listRequests, scheduleMeetingContacts } from './exchanges.service';
import { scanContact } from './scan.service';

/** Collected contacts and notes (E7.50–E7.54), scans (E1.11) and exchanges (E4.62). */
export const contactRoutes: FastifyPluginAsync = async (app) => {
  scheduleMeetingContacts(app);
  // E7.82: my contact and note edits reach my other tabs and devices (in each edit's transaction).
  const edits: ContactEditDeps = { ctx: app.ctx, realtime: app.realtime, bus: app.bus };

  app.post('/contact/scan', { config: perMinute(120) }, async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(scanContactRequest, request.body);
    return { success: true, data: await scanContact({ ctx: app.ctx, bus: app.bus }, userId, input) };
  });

  app.get('/contact/requests', async (request) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(contactRequestsQuery, request.query);
    return { success: true, data: await listRequests(app.ctx, userId, eventId) };
  });

  app.post('/contact/requests/:id', async (request) => {
    const { userId } = await requireUser(request);
    const { id } = parse(contactParams, request.params);
    const { accept } = parse(answerContactRequest, request.body);
    return { success: true, data: await answerRequest({ ctx: app.ctx, bus: app.bus }, userId, id, accept) };
  });

  app.get('/contact', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await listContacts(app.ctx, userId, parse(contactListQuery, request.query)),
    };
  });

  app.post('/contact', { config: perMinute(120) }, async (request) => {
    const { userId } = await requireUser(request);
    const input = parse(saveContactRequest, request.body);
    return { success: true, data: await saveContact(edits, userId, input) };
  });

  app.get('/contact/export', async (request, reply) => {
    const { userId } = await requireUser(request);
    const { eventId } = parse(contactExportQuery, request.query);
    reply
      .type('text/csv; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${CONTACT_EXPORT_FILE}"`);
    return exportContacts(app.ctx, userId, eventId);
  });

  app.get('/contact/lookup', { config: perMinute(120) }, async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await lookupContact(app.ctx, userId, parse(contactLookupQuery, request.query)),
    };
  });

  app.get('/contact/:id', async (request) => {
    const { userId } = await requireUser(request);
    parse(emptyRequest, request.query);
    return {
      success: true,
      data: await getContact(app.ctx, userId, parse(contactParams, request.params).id),
    };
  });

  app.delete('/contact/:id', async (request) => {
    const { userId } = await requireUser(request);
    await deleteContact(edits, userId, parse(contactParams, request.params).id);
    return { success: true, data: null };
  });

  app.post('/contact/note', async (request) => {
    const { userId } = await requireUser(request);
    return { success: true, data: await saveNote(edits, userId, parse(saveNoteRequest, request.body)) };
  });

  app.delete('/contact/note/:id', async (request) => {
    const { userId } = await requireUser(request);
    await deleteNote(edits, userId, parse(contactParams, request.params).id);
    return { success: true, data: null };
  });
};
