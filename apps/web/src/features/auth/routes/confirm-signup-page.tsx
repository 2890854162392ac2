import { emailSchema } from '@foyer/contract';
import { Navigate, useSearchParams } from 'react-router';
import { ConfirmSignup } from '../components/confirm-signup';

/** /confirm-signup?username=…&code=… : the link in the sign-up mail (issue 10), code filled in. */
export function ConfirmSignupPage() {
  const [params] = useSearchParams();
  const username = emailSchema.safeParse(params.get('username') ?? '');
  if (!username.success) return <Navigate to="/login" replace />;
  const code = (params.get('code') ?? '').replace(/\D/g, '').slice(0, 6);
  return <ConfirmSignup email={username.data} initialCode={code} />;
}
