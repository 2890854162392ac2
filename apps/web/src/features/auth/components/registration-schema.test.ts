import type { RegistrationField } from '@foyer/contract';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en/access.json';
import { dynKey, emptyRegistration, toRegisterPayload } from './registration-schema';

const form: RegistrationField[] = [
  {
    fieldName: 'industry',
    type: 'select',
    required: true,
    dataList: ['Health', 'Fintech'],
    placeholder: 'Pick',
  },
  { fieldName: 'diet', type: 'text', required: false },
];

const values = {
  ...emptyRegistration(form),
  name: 'Ada',
  surname: 'Lovelace',
  email: 'ada@example.com',
  password: 'Correct horse 1',
  consent: true,
  phone: '+90 555',
  company: 'AE',
  jobTitle: 'CTO',
  dyn: { [dynKey(0)]: 'Health', [dynKey(1)]: '' },
};

describe('the registration payload', () => {
  it('A3.14 A3.15 carries the event id and the dynamic answers under their field names', () => {
    const payload = toRegisterPayload('standard', values, 42, form);
    expect(payload).toMatchObject({ eventId: 42, fields: { industry: 'Health' } });
    expect(payload.fields).not.toHaveProperty('diet');
  });

  it('A3.16 sends regType only in simplereg and prereg mode', () => {
    expect(toRegisterPayload('standard', values, 1, form)).not.toHaveProperty('regType');
    expect(toRegisterPayload('ticket', { ...values, ticket: 'TK-1234' }, 1, form)).not.toHaveProperty(
      'regType',
    );
    expect(toRegisterPayload('simplereg', values, 1, form).regType).toBe('simplereg');
    expect(toRegisterPayload('prereg', values, 1, form).regType).toBe('prereg');
  });

  it('A3.18 ticket mode sends the ticket with its username, name, surname, password and consent', () => {
    const byTicket = toRegisterPayload(
      'ticket',
      { ...values, ticket: 'TK-1234', username: ' Ada@X.io ' },
      1,
      form,
    );
    expect(byTicket).toMatchObject({
      ticketId: 'TK-1234',
      username: 'ada@x.io',
      name: 'Ada',
      surname: 'Lovelace',
      password: 'Correct horse 1',
      consent: true,
    });
    const byEmail = toRegisterPayload('ticket', { ...values, ticket: ' Ada@X.io ' }, 1, form);
    expect(byEmail).toMatchObject({ username: 'ada@x.io', email: 'ada@x.io' });
    expect(byEmail).not.toHaveProperty('ticketId');
  });
});

describe('the registration form texts', () => {
  it('A5.07 the password placeholder says 8+ characters', () => {
    expect(en['registration.form.passwordPlaceholder']).toBe('8+ characters');
  });
});
