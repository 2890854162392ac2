import { Checkbox, PasswordInput, SimpleGrid, TextInput } from '@mantine/core';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Trans, useTranslation } from '../../../i18n/react';
import { useFieldError } from '../../../lib/form-error';
import { AUTH_MESSAGE_LINKS } from './auth-links';
import type { RegistrationMode, RegistrationValues } from './registration-schema';

interface Props {
  mode: RegistrationMode;
  register: UseFormRegister<RegistrationValues>;
  errors: FieldErrors<RegistrationValues>;
  /** A5.11: the ticket field holds a ticket id, so the account e-mail is asked separately. */
  showUsername: boolean;
  simpleWithCity: boolean;
}

type TextKey =
  | 'name'
  | 'surname'
  | 'email'
  | 'ticket'
  | 'username'
  | 'phone'
  | 'company'
  | 'jobTitle'
  | 'city';

const AUTOCOMPLETE: Record<TextKey, string> = {
  name: 'given-name',
  surname: 'family-name',
  email: 'email',
  ticket: 'username',
  username: 'email',
  phone: 'tel',
  company: 'organization',
  jobTitle: 'organization-title',
  city: 'address-level2',
};

/** The built-in fields of each registration mode (A5.06–A5.12). */
export function RegistrationFields({ mode, register, errors, showUsername, simpleWithCity }: Props) {
  const { t } = useTranslation();
  const fieldError = useFieldError();

  const text = (key: TextKey, type = 'text') => {
    const label = t(`registration.form.${key}`);
    return (
      <TextInput
        {...register(key)}
        key={key}
        label={label}
        type={type}
        required
        autoComplete={AUTOCOMPLETE[key]}
        error={fieldError(errors[key], label)}
        data-testid={`reg-${key}`}
      />
    );
  };
  const passwordLabel = t('registration.form.password');

  return (
    <>
      {mode === 'ticket' && text('ticket')}
      {mode === 'ticket' && showUsername && text('username', 'email')}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        {text('name')}
        {text('surname')}
      </SimpleGrid>
      {mode !== 'ticket' && text('email', 'email')}
      {mode === 'simplereg' && (
        <>
          {text('phone', 'tel')}
          {text('company')}
          {simpleWithCity ? text('city') : text('jobTitle')}
        </>
      )}
      {(mode === 'standard' || mode === 'ticket') && (
        <PasswordInput
          {...register('password')}
          label={passwordLabel}
          placeholder={t('registration.form.passwordPlaceholder')}
          autoComplete="new-password"
          required
          error={fieldError(errors.password, passwordLabel)}
          data-testid="reg-password"
        />
      )}
      {mode !== 'simplereg' && (
        <Checkbox
          {...register('consent')}
          label={<Trans i18nKey="registration.form.consent" components={AUTH_MESSAGE_LINKS} />}
          error={fieldError(errors.consent, t('registration.form.consentName'))}
          data-testid="reg-consent"
        />
      )}
    </>
  );
}
