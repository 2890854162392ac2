import { DEFAULT_ALLOWED_TABS, type EventTab, eventTypes, LOCALES, type Locale } from '@foyer/contract';
import { Group, MultiSelect, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { LANGUAGE_NAMES } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { fromLocalInput, timeZones, toLocalInput } from '../lib/zoned';
import { type SectionProps, SettingsSection } from './settings-section';

/** Name, description, type, time zone, dates, languages, domain label, visibility and registration. */
export function GeneralSettings({ event }: SectionProps) {
  const { t } = useTranslation();
  const [v, setV] = useState({
    name: event.name,
    description: event.description,
    eventType: event.eventType as string,
    timezone: event.timezone,
    sdt: toLocalInput(event.realSdt, event.timezone),
    edt: toLocalInput(event.realEdt, event.timezone),
    defaultLanguage: event.defaultLanguage,
    languages: event.languages,
    domain: event.domain ?? '',
    publicEvent: event.publicEvent,
    registrationOpen: event.registrationOpen,
    useTicketIdForSignup: event.useTicketIdForSignup,
    meetingsEnabled: event.meetingsEnabled,
    // A2.71: an event that names no tabs shows the default set.
    tabs: event.tabs.length > 0 ? event.tabs : [...DEFAULT_ALLOWED_TABS],
    indexPagePath: event.indexPagePath,
  });
  const set = <K extends keyof typeof v>(key: K, value: (typeof v)[K]) =>
    setV((old) => ({ ...old, [key]: value }));
  const languageOptions = LOCALES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang as Locale] }));
  return (
    <SettingsSection
      eventId={event.id}
      title={t('organizer.settings.general')}
      testId="settings-general"
      build={() => ({
        name: v.name,
        description: v.description,
        eventType: v.eventType as (typeof eventTypes)[number],
        timezone: v.timezone,
        sdt: fromLocalInput(v.sdt, v.timezone) ?? undefined,
        edt: fromLocalInput(v.edt, v.timezone) ?? undefined,
        defaultLanguage: v.defaultLanguage as Locale,
        languages: v.languages as Locale[],
        domain: v.domain.trim() || null,
        publicEvent: v.publicEvent,
        registrationOpen: v.registrationOpen,
        useTicketIdForSignup: v.useTicketIdForSignup,
        meetingsEnabled: v.meetingsEnabled,
        tabs: v.tabs as EventTab[],
        ...((DEFAULT_ALLOWED_TABS as readonly string[]).includes(v.indexPagePath)
          ? { indexPagePath: v.indexPagePath as EventTab }
          : {}),
      })}
    >
      {(errors) => <GeneralFields v={v} set={set} errors={errors} languageOptions={languageOptions} />}
    </SettingsSection>
  );
}

type Values = {
  name: string;
  description: string;
  eventType: string;
  timezone: string;
  sdt: string;
  edt: string;
  defaultLanguage: string;
  languages: string[];
  domain: string;
  publicEvent: boolean;
  registrationOpen: boolean;
  useTicketIdForSignup: boolean;
  meetingsEnabled: boolean;
  tabs: string[];
  indexPagePath: string;
};

function GeneralFields({
  v,
  set,
  errors,
  languageOptions,
}: {
  v: Values;
  set: <K extends keyof Values>(key: K, value: Values[K]) => void;
  errors: Record<string, string>;
  languageOptions: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextInput
        label={t('organizer.event.name')}
        required
        value={v.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        error={errors.name}
      />
      <Textarea
        label={t('organizer.event.description')}
        autosize
        minRows={3}
        maxRows={12}
        value={v.description}
        onChange={(e) => set('description', e.currentTarget.value)}
      />
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label={t('organizer.event.eventType')}
          data={eventTypes.map((type) => ({ value: type, label: t(`organizer.eventType.${type}`) }))}
          value={v.eventType}
          onChange={(value) => value && set('eventType', value)}
          allowDeselect={false}
        />
        <Select
          label={t('organizer.event.timezone')}
          data={timeZones()}
          searchable
          value={v.timezone}
          onChange={(value) => value && set('timezone', value)}
          allowDeselect={false}
          error={errors.timezone}
        />
      </Group>
      <Group grow align="flex-start" wrap="wrap">
        <TextInput
          type="datetime-local"
          label={t('organizer.event.sdt')}
          value={v.sdt}
          onChange={(e) => set('sdt', e.currentTarget.value)}
          error={errors.sdt}
        />
        <TextInput
          type="datetime-local"
          label={t('organizer.event.edt')}
          value={v.edt}
          onChange={(e) => set('edt', e.currentTarget.value)}
          error={errors.edt}
        />
      </Group>
      <Group grow align="flex-start" wrap="wrap">
        <Select
          label={t('organizer.event.defaultLanguage')}
          data={languageOptions}
          value={v.defaultLanguage}
          onChange={(value) => value && set('defaultLanguage', value)}
          allowDeselect={false}
        />
        <MultiSelect
          label={t('organizer.settings.languages')}
          data={languageOptions}
          value={v.languages}
          onChange={(value) => set('languages', value)}
        />
      </Group>
      <TextInput
        label={t('organizer.event.domain')}
        description={t('organizer.event.domainHint')}
        value={v.domain}
        onChange={(e) => set('domain', e.currentTarget.value)}
        error={errors.domain}
        data-testid="settings-domain"
      />
      <Switch
        label={t('organizer.settings.publicEvent')}
        description={t('organizer.settings.publicEventHint')}
        checked={v.publicEvent}
        onChange={(e) => set('publicEvent', e.currentTarget.checked)}
      />
      <Switch
        label={t('organizer.settings.registrationOpen')}
        checked={v.registrationOpen}
        onChange={(e) => set('registrationOpen', e.currentTarget.checked)}
      />
      <Switch
        label={t('organizer.settings.ticketSignup')}
        description={t('organizer.settings.ticketSignupHint')}
        checked={v.useTicketIdForSignup}
        onChange={(e) => set('useTicketIdForSignup', e.currentTarget.checked)}
      />
      <Switch
        label={t('organizer.settings.meetingsEnabled')}
        description={t('organizer.settings.meetingsEnabledHint')}
        checked={v.meetingsEnabled}
        onChange={(e) => set('meetingsEnabled', e.currentTarget.checked)}
        data-testid="settings-meetings-enabled"
      />
      <Group grow align="flex-start" wrap="wrap">
        <MultiSelect
          label={t('organizer.settings.tabs')}
          data={DEFAULT_ALLOWED_TABS.map((tab) => ({ value: tab, label: t(`organizer.tab.${tab}`) }))}
          value={v.tabs}
          onChange={(value) => set('tabs', value)}
          error={errors.tabs}
          data-testid="settings-tabs"
        />
        <Select
          label={t('organizer.settings.startPage')}
          data={DEFAULT_ALLOWED_TABS.map((tab) => ({ value: tab, label: t(`organizer.tab.${tab}`) }))}
          value={
            (DEFAULT_ALLOWED_TABS as readonly string[]).includes(v.indexPagePath) ? v.indexPagePath : null
          }
          onChange={(value) => value && set('indexPagePath', value)}
          error={errors.indexPagePath}
        />
      </Group>
    </>
  );
}
