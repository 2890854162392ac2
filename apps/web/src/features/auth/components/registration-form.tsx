import type { RegisterResult, RegistrationField } from '@foyer/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { type FieldError, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../i18n/react';
import { ApiError } from '../../../lib/api-client';
import { useRegister } from '../api/register';
import { useSignup } from '../api/signup';
import { AuthError } from './auth-error';
import { ConfirmSignup } from './confirm-signup';
import { DynamicFields } from './dynamic-fields';
import { RegistrationError } from './registration-error';
import { RegistrationFields } from './registration-fields';
import {
  dynKey,
  emptyRegistration,
  type RegistrationMode,
  type RegistrationValues,
  registrationSchema,
  ticketNeedsUsername,
  toRegisterPayload,
} from './registration-schema';

export interface RegistrationFormProps {
  mode: RegistrationMode;
  /** Without an event, the standard form signs up and logs in (A7.08). */
  eventId: number | null;
  form?: RegistrationField[];
  simpleWithCity?: boolean;
  /** `email` is the address the account (if one was made) must confirm. */
  onRegistered(result: RegisterResult, email: string): void;
  /** A personal invitation link (decision 015): pre-fills the person and travels with the request. */
  invite?: { token: string; email: string; name: string; surname: string } | undefined;
}

/** A4.12: form, then submitting with the button disabled and spinning, then result or error. */
export function RegistrationForm({
  mode,
  eventId,
  form = [],
  simpleWithCity = false,
  onRegistered,
  invite,
}: RegistrationFormProps) {
  const { t } = useTranslation();
  const registerEvent = useRegister();
  const signup = useSignup();
  const resolver = useMemo(
    () =>
      zodResolver(registrationSchema(mode, form, simpleWithCity)) as unknown as Resolver<RegistrationValues>,
    [mode, form, simpleWithCity],
  );
  const { register, control, handleSubmit, formState, setError } = useForm<RegistrationValues>({
    resolver,
    defaultValues: invite
      ? { ...emptyRegistration(form), email: invite.email, name: invite.name, surname: invite.surname }
      : emptyRegistration(form),
  });
  const ticket = useWatch({ control, name: 'ticket' }) ?? '';
  const pending = registerEvent.isPending || signup.isPending;
  const [confirmEmail, setConfirmEmail] = useState<string | null>(null);

  // A5.14: the server names dynamic fields `fields.<fieldName>` and built-in ones by request key.
  const showServerFieldErrors = (error: unknown) => {
    if (!(error instanceof ApiError) || !error.fields) return;
    const builtIn = emptyRegistration([]);
    for (const [path, message] of Object.entries(error.fields)) {
      // The event's own fields come back as `fields.<fieldName>`.
      const dynamic = path.startsWith('fields.') ? path.slice('fields.'.length) : null;
      const index = dynamic === null ? -1 : form.findIndex((field) => field.fieldName === dynamic);
      if (index >= 0) setError(`dyn.${dynKey(index)}`, { message });
      else if (path === 'ticketId') setError('ticket', { message });
      else if (path in builtIn && path !== 'dyn') setError(path as keyof RegistrationValues, { message });
    }
  };

  const onSubmit = handleSubmit((values) => {
    if (eventId === null) {
      const { name, surname, email, password } = values;
      signup.mutate(
        { provider: 'cognito', name, surname, email, password, consent: true },
        { onSuccess: (result) => setConfirmEmail(result.username), onError: showServerFieldErrors },
      );
      return;
    }
    const payload = {
      ...toRegisterPayload(mode, values, eventId, form),
      ...(invite ? { invite: invite.token } : {}),
    };
    registerEvent.mutate(payload, {
      onSuccess: (result) => onRegistered(result, payload.username ?? payload.email ?? ''),
      onError: showServerFieldErrors,
    });
  });

  if (confirmEmail) return <ConfirmSignup email={confirmEmail} />;

  const dynErrors = formState.errors.dyn as Record<string, FieldError | undefined> | undefined;
  const hasDynErrors = !!dynErrors && Object.values(dynErrors).some(Boolean);

  return (
    <form noValidate onSubmit={onSubmit} data-testid="registration-form" data-mode={mode}>
      <Stack gap="md">
        <RegistrationFields
          mode={mode}
          register={register}
          errors={formState.errors}
          showUsername={ticketNeedsUsername(ticket)}
          simpleWithCity={simpleWithCity}
        />
        <DynamicFields form={form} control={control} register={register} errors={dynErrors} />
        {hasDynErrors && (
          <Alert color="red" data-testid="registration-fields-invalid">
            {t('registration.form.fieldsInvalid')}
          </Alert>
        )}
        <Button type="submit" fullWidth loading={pending} disabled={pending} data-testid="reg-submit">
          {t(mode === 'prereg' ? 'preregister.submit' : 'registration.form.submit')}
        </Button>
        {eventId === null ? (
          <AuthError error={signup.error} />
        ) : (
          <RegistrationError error={registerEvent.error} eventId={eventId} />
        )}
      </Stack>
    </form>
  );
}
