import { describe, expect, it } from 'vitest';
import {
  changePasswordRequest,
  confirmPasswordRequest,
  forgotPasswordRequest,
  loginRequest,
  registerRequest,
  signupRequest,
} from './auth';
import { meetsPasswordRule } from './common';

/** First message per path, as the server and the forms show it. */
const issues = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => {
  const out: Record<string, string> = {};
  for (const i of result.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
};

describe('login validation', () => {
  it('A5.03 lowercases and trims the username', () => {
    const parsed = loginRequest.parse({ username: '  Ada@Example.COM ', password: 'longenough' });
    expect(parsed.username).toBe('ada@example.com');
  });

  it('A5.01 A5.02 e-mail is required and must look like an e-mail', () => {
    expect(issues(loginRequest.safeParse({ username: '', password: 'longenough' }))).toEqual({
      username: 'validation.error.required',
    });
    expect(issues(loginRequest.safeParse({ username: 'not-an-email', password: 'longenough' }))).toEqual({
      username: 'validation.error.email',
    });
  });

  it('A5.04 A5.05 password is required, minimum 8', () => {
    expect(issues(loginRequest.safeParse({ username: 'a@b.co', password: '' })).password).toBe(
      'validation.error.required',
    );
    expect(issues(loginRequest.safeParse({ username: 'a@b.co', password: '1234567' })).password).toBe(
      'validation.error.password.min',
    );
    expect(loginRequest.safeParse({ username: 'a@b.co', password: '12345678' }).success).toBe(true);
  });

  it('rejects unknown fields', () => {
    expect(loginRequest.safeParse({ username: 'a@b.co', password: '12345678', admin: true }).success).toBe(
      false,
    );
  });
});

describe('password reset validation', () => {
  it('A5.17 A5.18 forgot password needs an e-mail', () => {
    expect(forgotPasswordRequest.safeParse({ username: '' }).success).toBe(false);
    expect(forgotPasswordRequest.safeParse({ username: 'x' }).success).toBe(false);
    expect(forgotPasswordRequest.parse({ username: ' X@Y.io ' }).username).toBe('x@y.io');
  });

  it('A5.19 A5.20 A5.31 A3.21 reset needs a 6-digit code and a password of 8+', () => {
    expect(
      confirmPasswordRequest.safeParse({ username: 'x@y.io', code: '123456', password: 'Abcdefg1' }).success,
    ).toBe(true);
    expect(confirmPasswordRequest.safeParse({ code: '123456', password: 'Abcdefg1' }).success).toBe(false);
    expect(
      issues(confirmPasswordRequest.safeParse({ username: 'x@y.io', code: '12a456', password: 'Abcdefg1' }))
        .code,
    ).toBe('validation.error.code');
    expect(
      issues(confirmPasswordRequest.safeParse({ username: 'x@y.io', code: '123456', password: 'short' }))
        .password,
    ).toBe('validation.error.password.min');
  });
});

describe('A5.23 password rule for new passwords', () => {
  const cases: [string, string | undefined][] = [
    ['Abcdefg1', undefined],
    ['ÇokGizli9', undefined],
    ['abcdefg1', 'validation.error.password.rule'],
    ['ABCDEFGH', 'validation.error.password.rule'],
    ['Abc1', 'validation.error.password.min'],
  ];
  it('A5.23 needs an uppercase letter and a digit besides the minimum length, wherever a password is set', () => {
    for (const [password, message] of cases) {
      const base = { username: 'x@y.io', code: '123456' };
      expect(issues(confirmPasswordRequest.safeParse({ ...base, password })).password, password).toBe(
        message,
      );
      const signup = { provider: 'cognito', name: 'A', surname: 'B', email: 'x@y.io', consent: true };
      expect(issues(signupRequest.safeParse({ ...signup, password })).password, password).toBe(message);
      const change = changePasswordRequest.safeParse({ oldPassword: 'whatever', newPassword: password });
      expect(issues(change).newPassword, password).toBe(message);
    }
    // Login keeps accepting any old password of the minimum length.
    expect(loginRequest.safeParse({ username: 'a@b.co', password: 'abcdefgh' }).success).toBe(true);
    expect(meetsPasswordRule('Abcdefg1')).toBe(true);
    expect(meetsPasswordRule('abcdefg1')).toBe(false);
  });
});

describe('registration validation', () => {
  const standard = {
    eventId: 1,
    name: 'Ada',
    surname: 'Lovelace',
    email: 'ada@x.io',
    password: 'Abcdefg1',
    consent: true,
  };

  it('A5.06 standard registration requires name, surname, e-mail, password and consent', () => {
    expect(registerRequest.safeParse(standard).success).toBe(true);
    for (const field of ['name', 'surname', 'email', 'password', 'consent'] as const) {
      const { [field]: _, ...rest } = standard;
      expect(registerRequest.safeParse(rest).success, field).toBe(false);
    }
    expect(issues(registerRequest.safeParse({ ...standard, consent: false })).consent).toBe(
      'validation.error.consent',
    );
  });

  it('A5.12 simple form requires phone, company and job title or city, no password', () => {
    const simple = {
      eventId: 1,
      regType: 'simplereg',
      name: 'A',
      surname: 'B',
      email: 'a@b.co',
      phone: '+90 555',
      company: 'C',
    };
    expect(registerRequest.safeParse({ ...simple, jobTitle: 'CTO' }).success).toBe(true);
    expect(registerRequest.safeParse({ ...simple, city: 'Izmir' }).success).toBe(true);
    expect(issues(registerRequest.safeParse(simple)).jobTitle).toBe('validation.error.required');
    expect(issues(registerRequest.safeParse({ ...simple, company: '', jobTitle: 'x' })).company).toBe(
      'validation.error.required',
    );
  });

  it('A5.08 A5.10 ticket mode accepts a ticket id of 4+ characters', () => {
    const ticket = {
      eventId: 1,
      regType: 'ticket',
      name: 'A',
      surname: 'B',
      ticketId: 'TK-1',
      password: 'Abcdefg1',
      consent: true,
    };
    expect(registerRequest.safeParse(ticket).success).toBe(true);
    expect(registerRequest.safeParse({ ...ticket, ticketId: 'TK1' }).success).toBe(false);
  });
});

describe('signup validation', () => {
  it('A5.16 the provider travels as given so the server can answer MST-UI0001', () => {
    const parsed = signupRequest.safeParse({
      provider: 'facebook',
      name: 'A',
      surname: 'B',
      email: 'a@b.co',
      password: 'Abcdefg1',
      consent: true,
    });
    expect(parsed.success).toBe(true);
  });
});
