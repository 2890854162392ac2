import { Alert, Button, Center, Stack, Text, Title } from '@mantine/core';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useAcceptInvitation, useInvitation } from '../api/invitation';

/**
 * /accept-invitation?invite=… (decision 015). Behind the private guard: someone who already has an
 * account logs in first, comes back here and takes the invitation into that account.
 */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('invite')?.trim() || null;
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  if (!token) return <Navigate to="/event/list" replace />;
  const submit = () =>
    accept.mutate(token, {
      onSuccess: ({ eventId }) => {
        toast('success', t('registration.invite.accepted'));
        navigate(`/event/${eventId}`, { replace: true });
      },
    });
  const invalid = invitation.isError || accept.isError;
  return (
    <Center component="main" mih="60vh" p="lg">
      <Stack gap="md" maw={480} data-testid="accept-invitation">
        <Title order={1}>{t('registration.invite.acceptTitle')}</Title>
        {invitation.data && (
          <Text>{t('registration.invite.acceptText', { event: invitation.data.eventName })}</Text>
        )}
        {invalid ? (
          <Alert color="yellow" data-testid="invite-invalid">
            {t('registration.invite.invalid')}
          </Alert>
        ) : (
          <Button
            onClick={submit}
            loading={accept.isPending}
            disabled={!invitation.data}
            data-testid="invite-accept"
          >
            {t('registration.invite.accept')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
