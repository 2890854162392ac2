import { type EventDetails, emailSchema, presenceValues, requiredText } from '@foyer/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useTranslation } from '../../../i18n/react';
import { api } from '../../../lib/api-client';
import { useFieldError } from '../../../lib/form-error';
import { toast } from '../../../lib/toast';

const inviteForm = z.strictObject({
  name: requiredText(100),
  surname: requiredText(100),
  email: emailSchema,
  present: z.enum(presenceValues, { error: 'validation.error.required' }).optional(),
});
type InviteForm = z.infer<typeof inviteForm>;
const onlineOrOnsite = inviteForm.extend({
  present: z.enum(presenceValues, { error: 'validation.error.required' }),
});
// Hybrid events ask how the guest takes part (E "invite participant": present required).
const resolvers = {
  hybrid: zodResolver(onlineOrOnsite) as Resolver<InviteForm>,
  other: zodResolver(inviteForm) as Resolver<InviteForm>,
};

interface Props {
  event: EventDetails;
  opened: boolean;
  onClose(): void;
}

/** A6.06, A2.95: invite someone to the event by e-mail; hybrid events ask how they take part. */
export function InviteParticipantModal({ event, opened, onClose }: Props) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const hybrid = event.eventType === 'hybrid';
  const { register, handleSubmit, control, formState, reset } = useForm<InviteForm>({
    resolver: hybrid ? resolvers.hybrid : resolvers.other,
    defaultValues: { name: '', surname: '', email: '' },
  });
  const invite = useMutation({
    mutationFn: (values: InviteForm) =>
      api('/event/participant/invite', { method: 'POST', body: { eventId: event.id, ...values } }),
    // E8.43 / E8.44 (POST /event/participant/invite, organizer-people in the contract).
    onSuccess: () => {
      toast('success', t('shell.invite.success'));
      reset();
      onClose();
    },
    onError: (error) => toast('error', `${t('shell.invite.failure')} ${error.message}`),
  });
  const submit = handleSubmit((values) => invite.mutate(values));
  const labels = {
    name: t('shell.invite.name'),
    surname: t('shell.invite.surname'),
    email: t('shell.invite.email'),
    present: t('shell.invite.present'),
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('shell.invite.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form noValidate onSubmit={submit} data-testid="invite-form">
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput
              {...register('name')}
              label={labels.name}
              required
              error={fieldError(formState.errors.name, labels.name)}
            />
            <TextInput
              {...register('surname')}
              label={labels.surname}
              required
              error={fieldError(formState.errors.surname, labels.surname)}
            />
          </Group>
          <TextInput
            {...register('email')}
            type="email"
            label={labels.email}
            required
            error={fieldError(formState.errors.email, labels.email)}
            data-testid="invite-email"
          />
          {hybrid && (
            <Controller
              control={control}
              name="present"
              render={({ field }) => (
                <Radio.Group
                  label={labels.present}
                  required
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value)}
                  error={fieldError(formState.errors.present, labels.present)}
                >
                  <Group mt={4}>
                    <Radio value="venue" label={t('presence.venue')} />
                    <Radio value="online" label={t('presence.online')} />
                  </Group>
                </Radio.Group>
              )}
            />
          )}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('timezone.cancel')}
            </Button>
            <Button type="submit" loading={invite.isPending} data-testid="invite-submit">
              {t('shell.invite.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
