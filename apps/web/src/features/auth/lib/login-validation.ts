import { type LoginRequest, loginRequest } from '@foyer/contract';

export type LoginErrors = Partial<Record<keyof LoginRequest, string>>;

/**
 * The contract's login schema (it trims and lowercases the e-mail, A5.03): the parsed request, or the
 * first message key per field. Loaded on first use, so the login screen itself ships without zod.
 */
export function validateLogin(values: LoginRequest): { data: LoginRequest } | { errors: LoginErrors } {
  const parsed = loginRequest.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const errors: LoginErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
