import {
  CONTACT_EXPORT_FILE,
  contactExportQuery,
  contactListQuery,
  contactLookupQuery,
  contactParams,
  emptyRequest,
  saveContactRequest,
  saveNoteRequest,
} from '@foyer/contract';
import type { FastifyPluginAsync } from 'fastify';
import { requireUser } from '../../http/auth';
import { perMinute } from '../../http/rate-limit';
import { parse } from '../../http/validate';
import {
  deleteContact,
  deleteNote,
  exportContacts,
  getContact,
  listContacts,
  lookupContact,
  saveContact,
  saveNote,
} from './contacts.service';

/** Collected contacts and notes (E7.50–E7.54). */
export const contactRoutes: FastifyPluginAsync = async (app) => {
  app.get('/contact', async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await listContacts(app.ctx, userId, parse(contactListQuery, request.query)),
    };
  });

  app.post('/contact', { config: perMinute(120) }, async (request) => {
    const { userId } = await requireUser(request);
    return {
      success: true,
      data: await saveContact(app.ctx, userId, parse(saveContactRequest, request.body), app.bus),
    };
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
    await deleteContact(app.ctx, userId, parse(contactParams, request.params).id);
    return { success: true, data: null };
  });

  app.post('/contact/note', async (request) => {
    const { userId } = await requireUser(request);
    return { success: true, data: await saveNote(app.ctx, userId, parse(saveNoteRequest, request.body)) };
  });

  app.delete('/contact/note/:id', async (request) => {
    const { userId } = await requireUser(request);
    await deleteNote(app.ctx, userId, parse(contactParams, request.params).id);
    return { success: true, data: null };
  });
};
