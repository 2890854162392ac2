import type { ConnectedEmail } from '@foyer/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { profileKey } from '../../../lib/profile';

export const emailsQueryKey = ['user', 'emails'] as const;

/** GET /user/email (A7.15): primary first. */
export function useConnectedEmails() {
  return useQuery({ queryKey: emailsQueryKey, queryFn: () => api<ConnectedEmail[]>('/user/email') });
}

function useEmailMutation<TInput, TResult>(
  call: (input: TInput) => Promise<TResult>,
  touchesProfile = false,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    async onSuccess() {
      await queryClient.invalidateQueries({ queryKey: emailsQueryKey });
      if (touchesProfile) {
        // The login name changed: the profile is read again, and the signed-in user shown around
        // the app follows it (lib/profile.ts followProfile).
        await queryClient.refetchQueries({ queryKey: profileKey, type: 'all' });
      }
    },
  });
}

/** POST /user/email (A4.31, A7.16): the address waits for the code mailed to it. */
export const useAddEmail = () =>
  useEmailMutation((email: string) =>
    api<ConnectedEmail[]>('/user/email', { method: 'POST', body: { email } }),
  );

/** POST /user/email/confirm (A4.31, A5.30, A5.31). */
export const useConfirmConnectedEmail = () =>
  useEmailMutation((input: { email: string; code: string }) =>
    api<ConnectedEmail>('/user/email/confirm', { method: 'POST', body: input }),
  );

/** POST /user/username (A4.32, A7.18): the address becomes the login name. */
export const useMakePrimary = () =>
  useEmailMutation(
    (username: string) => api<unknown>('/user/username', { method: 'POST', body: { username } }),
    true,
  );

/** DELETE /user/email?email= (A4.33, A7.17). */
export const useRemoveEmail = () =>
  useEmailMutation((email: string) => api<unknown>('/user/email', { method: 'DELETE', query: { email } }));
