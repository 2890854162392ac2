import type { RegistrationField } from '@foyer/contract';
import {
  emailSchema,
  newPasswordSchema,
  type RegisterRequest,
  requiredText,
  signupRequest,
} from '@foyer/contract';
import { z } from 'zod';

/**
 * standard: name, surname, e-mail, password, consent (A5.06); ticket: the first field takes an
 * e-mail or a ticket id (A5.08); simplereg: contact details without password (A5.12); prereg: an
 * expression of interest without an account.
 */
export type RegistrationMode = 'standard' | 'ticket' | 'simplereg' | 'prereg';

export type DynamicValue = string | string[] | boolean;

export interface RegistrationValues {
  name: string;
  surname: string;
  email: string;
  password: string;
  consent: boolean;
  ticket: string;
  username: string;
  phone: string;
  company: string;
  jobTitle: string;
  city: string;
  dyn: Record<string, DynamicValue>;
}

export const emptyRegistration = (form: RegistrationField[]): RegistrationValues => ({
  name: '',
  surname: '',
  email: '',
  password: '',
  consent: false,
  ticket: '',
  username: '',
  phone: '',
  company: '',
  jobTitle: '',
  city: '',
  dyn: Object.fromEntries(
    form.map((field, i) => [
      dynKey(i),
      field.type === 'multiselect' ? [] : field.type === 'checkbox' ? false : '',
    ]),
  ),
});

/** Dynamic values live under positional keys: organizer field names may hold dots or spaces. */
export const dynKey = (index: number) => `f${index}`;

const REQUIRED = 'validation.error.required';
const consent = z.literal(true, { error: 'validation.error.consent' });

export const isEmail = (value: string) => emailSchema.safeParse(value).success;

/** A5.11: a ticket id (not an e-mail, 4+ characters) also needs the account e-mail. */
export const ticketNeedsUsername = (ticket: string) => ticket.trim().length >= 4 && !isEmail(ticket);

function dynamicSchema(form: RegistrationField[]) {
  const shape: Record<string, z.ZodType> = {};
  form.forEach((field, i) => {
    if (field.type === 'multiselect') {
      shape[dynKey(i)] = field.required ? z.array(z.string()).min(1, REQUIRED) : z.array(z.string());
    } else if (field.type === 'checkbox') {
      shape[dynKey(i)] = field.required ? z.literal(true, { error: REQUIRED }) : z.boolean();
    } else {
      shape[dynKey(i)] = field.required ? z.string().trim().min(1, REQUIRED) : z.string().trim(); // A5.13
    }
  });
  return z.object(shape);
}

export function registrationSchema(
  mode: RegistrationMode,
  form: RegistrationField[],
  simpleWithCity: boolean,
) {
  const dyn = dynamicSchema(form);
  const person = { name: requiredText(100), surname: requiredText(100), dyn };
  switch (mode) {
    case 'standard': {
      // The contract's object is strict; the form also holds other modes' fields, so take its shape.
      const { name, surname, email, password } = signupRequest.shape;
      return z.object({ name, surname, email, password, consent: signupRequest.shape.consent, dyn });
    }
    case 'prereg':
      return z.object({ ...person, email: emailSchema, consent });
    case 'simplereg':
      return z.object({
        ...person,
        email: emailSchema,
        phone: requiredText(40),
        company: requiredText(200),
        ...(simpleWithCity ? { city: requiredText(200) } : { jobTitle: requiredText(200) }), // A2.18
      });
    case 'ticket':
      return z
        .object({
          ...person,
          ticket: requiredText(254),
          username: z.string(),
          password: newPasswordSchema,
          consent,
        })
        .superRefine(
          (v, ctx) => {
            const ticket = String(v.ticket ?? '').trim();
            if (!ticket || isEmail(ticket)) return;
            if (ticket.length < 4) {
              ctx.addIssue({ code: 'custom', path: ['ticket'], message: 'validation.error.ticket' });
              return;
            }
            const username = emailSchema.safeParse(v.username ?? '');
            if (!username.success) {
              const message = username.error.issues[0]?.message ?? REQUIRED;
              ctx.addIssue({ code: 'custom', path: ['username'], message });
            }
          },
          // Check the ticket pair even while other fields (e.g. consent) still fail, so all errors show at once.
          { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
        );
  }
}

function dynamicPayload(form: RegistrationField[], dyn: Record<string, DynamicValue>) {
  const fields: Record<string, string | string[]> = {};
  form.forEach((field, i) => {
    const value = dyn[dynKey(i)];
    if (typeof value === 'boolean') fields[field.fieldName] = String(value);
    else if (Array.isArray(value) ? value.length > 0 : value)
      fields[field.fieldName] = value as string | string[];
  });
  return Object.keys(fields).length > 0 ? fields : undefined;
}

/** The POST /event/register body for a validated form (A5.09, A5.10; regType only for simplereg and prereg). */
export function toRegisterPayload(
  mode: RegistrationMode,
  v: RegistrationValues,
  eventId: number,
  form: RegistrationField[],
): RegisterRequest {
  const base = { eventId, name: v.name, surname: v.surname, fields: dynamicPayload(form, v.dyn ?? {}) };
  switch (mode) {
    case 'standard':
      return { ...base, email: v.email, password: v.password, consent: true };
    case 'prereg':
      return { ...base, regType: 'prereg', email: v.email, consent: true };
    case 'simplereg':
      return {
        ...base,
        regType: 'simplereg',
        email: v.email,
        phone: v.phone,
        company: v.company,
        ...(v.city ? { city: v.city } : { jobTitle: v.jobTitle }),
      };
    case 'ticket': {
      const ticket = v.ticket.trim();
      const identity = isEmail(ticket)
        ? { username: ticket.toLowerCase(), email: ticket.toLowerCase() }
        : { ticketId: ticket, username: v.username.trim().toLowerCase() };
      return { ...base, ...identity, password: v.password, consent: true };
    }
  }
}
