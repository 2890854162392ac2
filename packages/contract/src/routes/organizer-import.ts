import { consoleEventParams } from '../organizer';
import {
  importFileRequest,
  importJobParams,
  importJobSchema,
  importMappedRequest,
  importPreviewSchema,
  importValidationSchema,
} from '../organizer-import';
import { defineRoutes } from './route';

/** The organizer console's import area (issue 12, part 4). */
export const organizerImportRoutes = defineRoutes('organizer', [
  {
    id: 'previewImport',
    method: 'POST',
    path: '/organizer/event/:eventId/import/preview',
    summary:
      'Read a CSV or XLSX file: its headers, a suggested column mapping, the row count, the first rows',
    auth: 'user',
    params: consoleEventParams,
    body: importFileRequest,
    response: importPreviewSchema,
  },
  {
    id: 'validateImport',
    method: 'POST',
    path: '/organizer/event/:eventId/import/validate',
    summary: 'Check every row of the file with the mapping: per-row errors and the count of good rows',
    auth: 'user',
    params: consoleEventParams,
    body: importMappedRequest,
    response: importValidationSchema,
  },
  {
    id: 'commitImport',
    method: 'POST',
    path: '/organizer/event/:eventId/import/commit',
    summary: 'Import the good rows in one transaction, by e-mail (a re-import changes nothing)',
    auth: 'user',
    params: consoleEventParams,
    body: importMappedRequest,
    response: importJobSchema,
  },
  {
    id: 'getImportJob',
    method: 'GET',
    path: '/organizer/event/:eventId/import/:jobId',
    summary: "An import's progress and result",
    auth: 'user',
    params: importJobParams,
    response: importJobSchema,
  },
]);
