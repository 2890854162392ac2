import { z } from 'zod';
import { emptyRequest } from '../auth';
import {
  addEmailRequest,
  confirmEmailRequest,
  connectedEmailSchema,
  deleteAccountRequest,
  removeEmailQuery,
  setPrimaryEmailRequest,
  updateProfileRequest,
  userProfileSchema,
} from '../user';
import { defineRoutes, noDataSchema } from './route';

/** The account: profile, photo, notification preferences, connected e-mails, deletion. */
export const userRoutes = defineRoutes('user', [
  {
    id: 'getProfile',
    method: 'GET',
    path: '/user/profile',
    summary: 'My account',
    auth: 'user',
    query: emptyRequest,
    response: userProfileSchema,
  },
  {
    id: 'updateProfile',
    method: 'PUT',
    path: '/user/profile',
    summary: 'Edit my account (name, photo, time zone, notification preferences)',
    auth: 'user',
    body: updateProfileRequest,
    response: userProfileSchema,
  },
  {
    id: 'listEmails',
    method: 'GET',
    path: '/user/email',
    summary: 'My connected e-mails',
    auth: 'user',
    query: emptyRequest,
    response: z.array(connectedEmailSchema),
  },
  {
    id: 'addEmail',
    method: 'POST',
    path: '/user/email',
    summary: 'Connect an e-mail; a confirmation code is mailed to it',
    auth: 'user',
    body: addEmailRequest,
    response: z.array(connectedEmailSchema),
  },
  {
    id: 'confirmEmail',
    method: 'POST',
    path: '/user/email/confirm',
    summary: 'Confirm a connected e-mail with the mailed code',
    auth: 'none',
    body: confirmEmailRequest,
    response: connectedEmailSchema,
  },
  {
    id: 'setPrimaryEmail',
    method: 'POST',
    path: '/user/username',
    summary: 'Make a confirmed e-mail my login',
    auth: 'user',
    body: setPrimaryEmailRequest,
    response: z.array(connectedEmailSchema),
  },
  {
    id: 'removeEmail',
    method: 'DELETE',
    path: '/user/email',
    summary: 'Disconnect an e-mail',
    auth: 'user',
    query: removeEmailQuery,
    response: z.array(connectedEmailSchema),
  },
  {
    id: 'deleteAccount',
    method: 'DELETE',
    path: '/user',
    summary: 'Delete my account (with my password)',
    auth: 'user',
    body: deleteAccountRequest,
    response: noDataSchema,
  },
]);
