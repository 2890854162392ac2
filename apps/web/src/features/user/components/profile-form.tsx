import { optionalText, requiredText, timezoneSchema, type UserProfile } from '@foyer/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../../i18n/react';
import { useFieldError } from '../../../lib/form-error';
import { useUpdateProfile } from '../../../lib/profile';
import { toast } from '../../../lib/toast';
import { localTimezone, TimezoneSelect } from './timezone-select';
import '../../../i18n/account';

/** A5.24–A5.26: name and surname required, phone and time zone optional. */
const profileFormSchema = z.object({
  name: requiredText(100),
  surname: requiredText(100),
  sms: optionalText(40),
  timezone: z.union([z.literal(''), timezoneSchema]),
});
type ProfileFormValues = z.infer<typeof profileFormSchema>;
const resolver = zodResolver(profileFormSchema) as Resolver<ProfileFormValues>;

export function ProfileForm({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const update = useUpdateProfile();
  const { register, control, handleSubmit, setValue, formState, reset } = useForm<ProfileFormValues>({
    resolver,
    defaultValues: {
      name: profile.name,
      surname: profile.surname,
      sms: profile.channels.sms ?? '',
      timezone: profile.timezone ?? '',
    },
  });
  const local = localTimezone();
  const labels = {
    name: t('account.profile.name'),
    surname: t('account.profile.surname'),
    sms: t('account.profile.phone'),
    timezone: t('account.profile.timezone'),
  };

  const save = handleSubmit((values) =>
    update.mutate(
      {
        action: 'profile',
        name: values.name,
        surname: values.surname,
        timezone: values.timezone || null,
        channels: { sms: values.sms ?? '' },
      },
      {
        onSuccess(saved) {
          reset({
            name: saved.name,
            surname: saved.surname,
            sms: saved.channels.sms ?? '',
            timezone: saved.timezone ?? '',
          });
          toast('success', t('account.profile.saved'));
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={save} data-testid="profile-form">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            {...register('name')}
            label={labels.name}
            required
            autoComplete="given-name"
            error={fieldError(formState.errors.name, labels.name)}
            data-testid="profile-name"
          />
          <TextInput
            {...register('surname')}
            label={labels.surname}
            required
            autoComplete="family-name"
            error={fieldError(formState.errors.surname, labels.surname)}
            data-testid="profile-surname"
          />
          <TextInput
            label={t('account.profile.username')}
            description={t('account.profile.usernameHint')}
            value={profile.username}
            readOnly
            variant="filled"
            data-testid="profile-username"
          />
          <TextInput
            {...register('sms')}
            label={labels.sms}
            description={t('account.profile.phoneHint')}
            type="tel"
            autoComplete="tel"
            error={fieldError(formState.errors.sms, labels.sms)}
            data-testid="profile-phone"
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="timezone"
          render={({ field }) => (
            <TimezoneSelect
              label={labels.timezone}
              description={
                <Text span inherit>
                  {t('account.profile.timezoneHint')}{' '}
                  {field.value !== local && (
                    <Anchor
                      component="button"
                      type="button"
                      inherit
                      onClick={() => setValue('timezone', local, { shouldDirty: true })}
                      data-testid="profile-timezone-local"
                    >
                      {t('account.profile.useLocalTimezone', { zone: local })}
                    </Anchor>
                  )}
                </Text>
              }
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              onBlur={field.onBlur}
              error={fieldError(formState.errors.timezone, labels.timezone)}
              maw={{ base: '100%', sm: 'calc(50% - var(--mantine-spacing-md) / 2)' }}
              data-testid="profile-timezone"
            />
          )}
        />
        {update.error && (
          <Alert color="red" role="alert" data-testid="profile-error">
            {update.error.message || t('common.unknownError')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={update.isPending}
            disabled={!formState.isDirty}
            data-testid="profile-save"
          >
            {t('account.profile.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
