import type { RegisterResult } from '@foyer/contract';
import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RegistrationForm } from '../components/registration-form';
import { RegistrationResult } from '../components/registration-result';
import { useRegistrationTarget } from '../hooks/use-registration-target';

/** /registration (A2.16–A2.18) and /preregister: the form, then the result in its place. */
export function RegistrationPage({ prereg = false }: { prereg?: boolean }) {
  const { t } = useTranslation();
  const target = useRegistrationTarget(prereg);
  const [result, setResult] = useState<{ data: RegisterResult; email: string } | null>(null);
  const titleKey = prereg
    ? 'preregister.title'
    : target.eventId
      ? 'registration.titleEvent'
      : 'registration.title';

  const body = () => {
    if (target.isLoading) return <Loader aria-label={t('common.loading')} />;
    if (result) {
      const { data, email } = result;
      return <RegistrationResult result={data} confirmEmail={data.confirmationRequired ? email : null} />;
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
        onRegistered={(data, email) => setResult({ data, email })}
      />
    );
  };

  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Title order={1}>{t(titleKey)}</Title>
        {target.eventName && <Text c="gray.7">{target.eventName}</Text>}
      </Stack>
      {body()}
    </Stack>
  );
}

export function PreregisterPage() {
  return <RegistrationPage prereg />;
}
