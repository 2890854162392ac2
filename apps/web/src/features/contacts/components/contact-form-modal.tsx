import { type ContactDetails, type SaveContactRequest, saveContactRequest } from '@foyer/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, SimpleGrid, Stack, TagsInput, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/react';
import { useFieldError } from '../../../lib/form-error';
import { toast } from '../../../lib/toast';
import { useSaveContact } from '../api/contacts';
import '../i18n';
import { messageText } from '../../../i18n/keys';

type FormValues = {
  firstName: string;
  lastName: string;
  emails: string[];
  phones: string[];
  company: string;
  jobTitle: string;
  website: string;
  ticketId: string;
  note: string;
};

const EMPTY: FormValues = {
  firstName: '',
  lastName: '',
  emails: [],
  phones: [],
  company: '',
  jobTitle: '',
  website: '',
  ticketId: '',
  note: '',
};

const resolver = zodResolver(
  saveContactRequest.omit({ id: true, events: true }),
) as unknown as Resolver<FormValues>;

function valuesOf(contact: ContactDetails | null | undefined): FormValues {
  if (!contact) return EMPTY;
  return {
    firstName: contact.firstName,
    lastName: contact.lastName,
    emails: contact.emails,
    phones: contact.phones,
    company: contact.company,
    jobTitle: contact.jobTitle,
    website: contact.website,
    ticketId: contact.ticketId ?? '',
    note: '',
  };
}

interface Props {
  opened: boolean;
  onClose(): void;
  /** The event the contact is collected at (E7.50 events). */
  eventId: number | null;
  /** Edit this contact; add a new one without. */
  contact?: ContactDetails | null;
  onSaved?(contact: ContactDetails): void;
}

/**
 * A2.94 addContactModal, E2.50, E5.36–E5.38: first name and at least one e-mail; the rest optional;
 * e-mails and phones as lists. Badges and cards are scanned instead (scan-contact-modal.tsx): a
 * participant's e-mail and phone are theirs to share (E4.62).
 */
export function ContactFormModal({ opened, onClose, eventId, contact, onSaved }: Props) {
  const { t } = useTranslation();
  const fieldError = useFieldError();
  const save = useSaveContact();
  const narrow = useMediaQuery('(max-width: 767px)');
  const { register, control, handleSubmit, formState, reset } = useForm<FormValues>({
    resolver,
    defaultValues: valuesOf(contact),
  });

  // Fresh values each time the modal opens (not while it is open and the contact refetches).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on opening, not on every contact refetch
  useEffect(() => {
    if (opened) reset(valuesOf(contact));
  }, [opened]);

  const label = {
    firstName: t('contacts.form.firstName'),
    lastName: t('contacts.form.lastName'),
    emails: t('contacts.form.emails'),
    phones: t('contacts.form.phones'),
    company: t('contacts.form.company'),
    jobTitle: t('contacts.form.jobTitle'),
    website: t('contacts.form.website'),
    note: t('contacts.form.note'),
  };

  const submit = handleSubmit((values) => {
    const body: SaveContactRequest = {
      ...(contact ? { id: contact.id } : {}),
      events: eventId ? [eventId] : [],
      firstName: values.firstName,
      lastName: values.lastName,
      emails: values.emails,
      phones: values.phones,
      company: values.company,
      jobTitle: values.jobTitle,
      website: values.website,
      ...(values.ticketId ? { ticketId: values.ticketId } : {}),
      ...(values.note.trim() ? { note: values.note } : {}),
    };
    save.mutate(body, {
      onSuccess(saved) {
        toast('success', t('contacts.add.success')); // E8.42
        onSaved?.(saved);
        onClose();
      },
      // E8.41: the form stays open with what was typed, so a second try needs no retyping.
      onError: (error) => toast('error', t('contacts.add.error', { message: error.message })),
    });
  });

  const listError = (name: 'emails' | 'phones') => {
    // An error on the list itself (e.g. empty) or on one item (e.g. a bad address).
    const errors = formState.errors[name] as
      | { message?: string; [index: number]: { message?: string } }
      | undefined;
    if (!errors) return undefined;
    const items = Object.values(errors) as ({ message?: string } | string | undefined)[];
    const item = items.find((e): e is { message: string } => typeof e === 'object' && !!e?.message);
    const message = errors.message ?? item?.message;
    return message ? messageText(t, message, { name: label[name] }) : undefined;
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={contact ? t('contacts.edit.title') : t('contacts.add.title')}
      size="lg"
      fullScreen={!!narrow}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form noValidate onSubmit={submit} data-testid="contact-form">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              {...register('firstName')}
              label={label.firstName}
              required
              autoComplete="off"
              error={fieldError(formState.errors.firstName, label.firstName)}
              data-testid="contact-first-name"
            />
            <TextInput
              {...register('lastName')}
              label={label.lastName}
              autoComplete="off"
              error={fieldError(formState.errors.lastName, label.lastName)}
            />
          </SimpleGrid>
          <Controller
            control={control}
            name="emails"
            render={({ field }) => (
              <TagsInput
                label={label.emails}
                description={t('contacts.form.listHint')}
                required
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                splitChars={[',', ' ', ';']}
                acceptValueOnBlur
                clearable
                error={listError('emails')}
                data-testid="contact-emails"
              />
            )}
          />
          <Controller
            control={control}
            name="phones"
            render={({ field }) => (
              <TagsInput
                label={label.phones}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                splitChars={[',', ';']}
                acceptValueOnBlur
                clearable
                error={listError('phones')}
              />
            )}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              {...register('company')}
              label={label.company}
              error={fieldError(formState.errors.company, label.company)}
            />
            <TextInput
              {...register('jobTitle')}
              label={label.jobTitle}
              error={fieldError(formState.errors.jobTitle, label.jobTitle)}
            />
          </SimpleGrid>
          <TextInput
            {...register('website')}
            label={label.website}
            type="url"
            error={fieldError(formState.errors.website, label.website)}
          />
          {!contact && (
            <Textarea
              {...register('note')}
              label={label.note}
              autosize
              minRows={2}
              maxRows={5}
              error={fieldError(formState.errors.note, label.note)}
              data-testid="contact-note"
            />
          )}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t('contacts.form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="contact-save">
              {t('contacts.form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
