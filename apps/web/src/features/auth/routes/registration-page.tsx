import type { RegisterResult } from '@foyer/contract';
import { Alert, Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, type Location, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import type { ReturnState } from '../../../lib/return-state';
import { useInvitation } from '../api/invitation';
import { RegistrationForm } from '../components/registration-form';
import { RegistrationResult } from '../components/registration-result';
import { useRegistrationTarget } from '../hooks/use-registration-target';

/** /registration (A2.16–A2.18) and /preregister: the form, then the result in its place. */
export function RegistrationPage({ prereg = false }: { prereg?: boolean }) {
  const { t } = useTranslation();
  const target = useRegistrationTarget(prereg);
  const [params] = useSearchParams();
  const inviteToken = prereg ? null : params.get('invite')?.trim() || null;
  const invitation = useInvitation(inviteToken);
  const [result, setResult] = useState<{ data: RegisterResult; email: string } | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  /**
   * Issue 15: once the code (or a login) starts the session, the newcomer goes straight to the
   * event's profile wizard: the guard that leaves this page follows `state.from`.
   */
  const registered = (data: RegisterResult, email: string, eventId: number | null) => {
    setResult({ data, email });
    if (prereg || eventId === null) return;
    const wizard: Location = {
      pathname: `/event/${eventId}/event-profile`,
      search: '',
      hash: '',
      state: null,
      key: 'wizard',
    };
    const state: ReturnState = { from: wizard };
    navigate(location, { replace: true, state });
  };
  const titleKey = prereg
    ? 'preregister.title'
    : target.eventId
      ? 'registration.titleEvent'
      : 'registration.title';

  const body = () => {
    if (target.isLoading || invitation.isLoading) return <Loader aria-label={t('common.loading')} />;
    if (result) {
      const { data, email } = result;
      return <RegistrationResult result={data} confirmEmail={data.confirmationRequired ? email : null} />;
    }
    // A personal invitation link (decision 015): pre-filled, and open even when registration is closed.
    if (inviteToken && invitation.data) {
      const invite = { token: inviteToken, ...invitation.data };
      if (invite.hasAccount) {
        return (
          <Alert color="blue" data-testid="invite-has-account">
            <Stack gap="xs">
              <Text size="sm">{t('registration.invite.hasAccount', { email: invite.email })}</Text>
              <Anchor
                component={Link}
                to={`/accept-invitation?invite=${encodeURIComponent(inviteToken)}`}
                fw={600}
                data-testid="invite-login"
              >
                {t('registration.invite.login')}
              </Anchor>
            </Stack>
          </Alert>
        );
      }
      return (
        <Stack gap="sm">
          <Text size="sm" data-testid="invite-for">
            {t('registration.invite.for', { email: invite.email, event: invite.eventName })}
          </Text>
          <RegistrationForm
            mode={target.mode === 'ticket' || target.mode === 'prereg' ? 'standard' : target.mode}
            eventId={invite.eventId}
            form={target.eventId === invite.eventId ? target.form : []}
            simpleWithCity={target.simpleWithCity}
            invite={invite}
            onRegistered={(data, email) => registered(data, email, invite.eventId)}
          />
        </Stack>
      );
    }
    if (prereg && target.eventId === null) {
      return (
        <Alert color="yellow" data-testid="preregister-no-event">
          {t('preregister.noEvent')}
        </Alert>
      );
    }
    if (!target.open) {
      return (
        <Alert color="yellow" data-testid="registration-closed">
          {t('registration.closed')}
        </Alert>
      );
    }
    return (
      <RegistrationForm
        key={`${target.eventId}-${target.mode}-${target.form.length}`}
        mode={target.mode}
        eventId={target.eventId}
        form={target.form}
        simpleWithCity={target.simpleWithCity}
        onRegistered={(data, email) => registered(data, email, target.eventId)}
      />
    );
  };

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1}>{t(titleKey)}</Title>
        {target.eventName && <Text c="gray.7">{target.eventName}</Text>}
      </Stack>
      {inviteToken && invitation.isError && (
        <Alert color="yellow" data-testid="invite-invalid">
          {t('registration.invite.invalid')}
        </Alert>
      )}
      {body()}
    </Stack>
  );
}

export function PreregisterPage() {
  return <RegistrationPage prereg />;
}
