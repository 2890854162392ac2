import { createEventRequest, eventTypes, LOCALES } from '@foyer/contract';
import { Alert, Button, Group, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LANGUAGE_NAMES } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { useCreateEvent } from '../api/events';
import { apiFieldErrors, hasFieldErrors, issueErrors } from '../lib/form-errors';
import { fromLocalInput, timeZones } from '../lib/zoned';
import '../i18n';

type Errors = Partial<Record<'name' | 'sdt' | 'edt' | 'domain' | 'timezone' | 'eventType', string>>;

/** /organizer/new: name, type, dates in the event's zone, language and domain label (issue 12, part 1). */
export function CreateEventPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateEvent();
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [values, setValues] = useState({
    name: '',
    description: '',
    eventType: 'normal',
    timezone: browserZone,
    defaultLanguage: 'en',
    sdt: '',
    edt: '',
    domain: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const set = (key: keyof typeof values) => (value: string | null) =>
    setValues((v) => ({ ...v, [key]: value ?? '' }));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const body = {
      name: values.name,
      description: values.description || undefined,
      eventType: values.eventType,
      timezone: values.timezone,
      defaultLanguage: values.defaultLanguage,
      sdt: fromLocalInput(values.sdt, values.timezone) ?? '',
      edt: fromLocalInput(values.edt, values.timezone) ?? '',
      domain: values.domain.trim() || undefined,
    };
    const parsed = createEventRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(issueErrors(t, parsed.error.issues, (key) => t(`organizer.event.${key as keyof Errors}`)));
      return;
    }
    setErrors({});
    create.mutate(parsed.data, {
      onSuccess: (event) => navigate(`/organizer/${event.id}/settings`),
      onError: (error) => {
        const fields = apiFieldErrors(t, error);
        if (fields) setErrors(fields);
      },
    });
  };

  return (
    <Stack gap="lg" maw={720} data-testid="console-create-page">
      <Title order={1}>{t('organizer.create.title')}</Title>
      <Paper withBorder p="lg" radius="md">
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <TextInput
              label={t('organizer.event.name')}
              required
              value={values.name}
              onChange={(e) => set('name')(e.currentTarget.value)}
              error={errors.name}
              data-testid="event-name"
            />
            <Textarea
              label={t('organizer.event.description')}
              autosize
              minRows={3}
              value={values.description}
              onChange={(e) => set('description')(e.currentTarget.value)}
            />
            <Group grow align="flex-start" wrap="wrap">
              <Select
                label={t('organizer.event.eventType')}
                data={eventTypes.map((type) => ({ value: type, label: t(`organizer.eventType.${type}`) }))}
                value={values.eventType}
                onChange={set('eventType')}
                allowDeselect={false}
                data-testid="event-type"
              />
              <Select
                label={t('organizer.event.defaultLanguage')}
                data={LOCALES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))}
                value={values.defaultLanguage}
                onChange={set('defaultLanguage')}
                allowDeselect={false}
              />
            </Group>
            <Select
              label={t('organizer.event.timezone')}
              data={timeZones()}
              searchable
              value={values.timezone}
              onChange={set('timezone')}
              allowDeselect={false}
              error={errors.timezone}
              data-testid="event-timezone"
            />
            <Group grow align="flex-start" wrap="wrap">
              <TextInput
                type="datetime-local"
                label={t('organizer.event.sdt')}
                required
                value={values.sdt}
                onChange={(e) => set('sdt')(e.currentTarget.value)}
                error={errors.sdt}
                data-testid="event-sdt"
              />
              <TextInput
                type="datetime-local"
                label={t('organizer.event.edt')}
                required
                value={values.edt}
                onChange={(e) => set('edt')(e.currentTarget.value)}
                error={errors.edt}
                data-testid="event-edt"
              />
            </Group>
            <TextInput
              label={t('organizer.event.domain')}
              description={t('organizer.event.domainHint')}
              value={values.domain}
              onChange={(e) => set('domain')(e.currentTarget.value)}
              error={errors.domain}
              data-testid="event-domain"
            />
            {create.isError && !hasFieldErrors(create.error) && (
              <Alert color="red" role="alert">
                {create.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending} data-testid="event-create-submit">
                {t('organizer.create.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
