import {
  type EventDetails,
  inviteParticipantRequest,
  parseEmailLines,
  presenceValues,
} from '@foyer/contract';
import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  Radio,
  Select,
  Stack,
  Tabs,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState } from 'react';
import { messageText } from '../../../i18n/keys';
import { useTranslation } from '../../../i18n/react';
import { toast } from '../../../lib/toast';
import { useAddPeople, useInvitePerson } from '../api/people';
import { apiFieldErrors, issueErrors } from '../lib/form-errors';

interface Props {
  event: EventDetails;
  opened: boolean;
  onClose(): void;
}

/** Invite people: one with a name (E5.62), or several by e-mail, one a line; each gets a personal link. */
export function PeopleInviteModal({ event, opened, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('organizer.people.invite.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Tabs defaultValue="one">
        <Tabs.List>
          <Tabs.Tab value="one">{t('organizer.people.invite.one')}</Tabs.Tab>
          <Tabs.Tab value="many">{t('organizer.people.invite.many')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="one" pt="md">
          <InviteOne event={event} onDone={onClose} />
        </Tabs.Panel>
        <Tabs.Panel value="many" pt="md">
          <InviteMany event={event} onDone={onClose} />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}

type Errors = Partial<Record<string, string>>;

function InviteOne({ event, onDone }: { event: EventDetails; onDone(): void }) {
  const { t } = useTranslation();
  const invite = useInvitePerson(event.id);
  const hybrid = event.eventType === 'hybrid';
  const [values, setValues] = useState({ name: '', surname: '', email: '', typeId: null as string | null });
  const [present, setPresent] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const label = (key: string) => t(`organizer.people.field.${key}` as 'organizer.people.field.name');
  const text = (key: 'name' | 'surname' | 'email') => ({
    label: label(key),
    required: true,
    value: values[key],
    error: errors[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
    },
  });

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      eventId: event.id,
      name: values.name,
      surname: values.surname,
      email: values.email,
      ...(values.typeId ? { typeId: Number(values.typeId) } : {}),
      ...(present ? { present } : {}),
    };
    const parsed = inviteParticipantRequest.safeParse(body);
    const next: Errors = parsed.success ? {} : issueErrors(t, parsed.error.issues, label);
    if (hybrid && !present)
      next.present = messageText(t, 'validation.error.required', { name: label('present') });
    setErrors(next);
    if (!parsed.success || Object.keys(next).length > 0) return;
    invite.mutate(parsed.data, {
      onSuccess: () => {
        toast('success', t('organizer.people.invite.success')); // E8.43
        onDone();
      },
      onError: (error) => {
        const fields = apiFieldErrors(t, error, { label });
        if (fields) setErrors(fields);
        toast('error', `${t('organizer.people.invite.failure')} ${error.message}`); // E8.44
      },
    });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Group grow align="flex-start">
          <TextInput {...text('name')} data-testid="invite-name" />
          <TextInput {...text('surname')} data-testid="invite-surname" />
        </Group>
        <TextInput {...text('email')} type="email" data-testid="invite-email" />
        <Select
          label={label('type')}
          clearable
          data={event.participantTypes.map((type) => ({ value: String(type.id), label: type.name }))}
          value={values.typeId}
          onChange={(typeId) => setValues((v) => ({ ...v, typeId }))}
          error={errors.typeId}
        />
        {hybrid && (
          <Radio.Group
            label={label('present')}
            required
            value={present}
            onChange={setPresent}
            error={errors.present}
          >
            <Group mt={4}>
              {presenceValues.map((value) => (
                <Radio key={value} value={value} label={t(`presence.${value}`)} />
              ))}
            </Group>
          </Radio.Group>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={invite.isPending} data-testid="invite-submit">
            {t('organizer.people.invite.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function InviteMany({ event, onDone }: { event: EventDetails; onDone(): void }) {
  const { t } = useTranslation();
  const add = useAddPeople(event.id);
  const [text, setText] = useState('');
  const [lineErrors, setLineErrors] = useState<{ line: number; value: string }[]>([]);
  const [empty, setEmpty] = useState(false);

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const { emails, errors } = parseEmailLines(text);
    setLineErrors(errors);
    setEmpty(emails.length === 0 && errors.length === 0);
    if (errors.length > 0 || emails.length === 0) return;
    add.mutate(
      { eventId: event.id, participants: emails.map((email) => ({ email })), sendInvitation: true },
      {
        onSuccess: ({ participantIds }) => {
          toast('success', t('organizer.people.invite.bulkSuccess', { count: participantIds.length }));
          onDone();
        },
        onError: (error) => toast('error', `${t('organizer.people.invite.failure')} ${error.message}`),
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Textarea
          label={t('organizer.people.invite.emails')}
          description={t('organizer.people.invite.emailsHelp')}
          autosize
          minRows={5}
          maxRows={14}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          error={empty ? t('organizer.people.invite.noEmails') : undefined}
          data-testid="invite-emails"
        />
        {lineErrors.length > 0 && (
          <Alert
            color="red"
            role="alert"
            title={t('organizer.people.invite.badLines')}
            data-testid="invite-line-errors"
          >
            <List size="sm">
              {lineErrors.map((error) => (
                <List.Item key={error.line}>
                  {t('organizer.people.invite.badLine', { line: error.line, value: error.value })}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending} data-testid="invite-bulk-submit">
            {t('organizer.people.invite.bulkSubmit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
