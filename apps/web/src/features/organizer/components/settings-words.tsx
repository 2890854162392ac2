import { LOCALES, type Locale } from '@foyer/contract';
import {
  ActionIcon,
  Code,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { LANGUAGE_NAMES } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import type { Catalogue } from '../../../i18n/translator';
import {
  appTexts,
  EVENT_WORDS_MAX,
  missingPlaceholders,
  type OwnWords,
  type PickableText,
  rankTexts,
  wordsToSave,
} from '../lib/own-words';
import { type SectionProps, SettingsSection } from './settings-section';

const appTextsKey = (lang: Locale) => ['app-texts', lang] as const;

/** The placeholders a written text drops (none while it is blank: blank keeps the app's text). */
const missingOf = (appText: string | undefined, text: string) =>
  appText === undefined || text.trim() === '' ? [] : missingPlaceholders(appText, text);

/** How many matching texts the picker lists at once (the app has a few thousand). */
const PICKER_LIMIT = 40;

/**
 * A7.27: the app's texts this event words its own way, per language ("Delegates" for "Attendees").
 * The organizer picks a text by what it says, writes the event's own, and the app shows it on the
 * event's pages in that language; placeholders the app fills must stay.
 */
export function WordsSettings({ event }: SectionProps) {
  const { t } = useTranslation();
  const languages = LOCALES.filter((lang) => event.languages.includes(lang));
  const first = languages.find((lang) => lang === event.defaultLanguage) ?? languages[0] ?? 'en';
  const [lang, setLang] = useState<Locale>(first);
  const [words, setWords] = useState<OwnWords>(() => (event.words ?? {}) as OwnWords);
  const queryClient = useQueryClient();
  const texts = useQuery({
    queryKey: appTextsKey(lang),
    queryFn: () => appTexts(lang),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const own = words[lang] ?? {};
  const keys = Object.keys(own);
  const appText = (key: string) => texts.data?.[key] ?? '';
  const setOwn = (key: string, text: string | null) =>
    setWords((all) => {
      const next = { ...all[lang] };
      if (text === null) delete next[key];
      else next[key] = text;
      return { ...all, [lang]: next };
    });
  // A text that drops a placeholder is refused before saving, in every language edited here.
  const anyBroken = () =>
    (Object.entries(words) as [Locale, Record<string, string>][]).some(([l, list]) => {
      const source = queryClient.getQueryData<Catalogue>(appTextsKey(l));
      return Object.entries(list).some(([key, text]) => missingOf(source?.[key], text).length > 0);
    });

  const options: PickableText[] = texts.data
    ? Object.entries(texts.data)
        .filter(([key]) => !(key in own))
        .map(([key, text]) => ({ value: key, label: text }))
    : [];

  return (
    <SettingsSection
      eventId={event.id}
      title={t('organizer.words.title')}
      testId="settings-words"
      build={() => (anyBroken() ? null : { words: wordsToSave(words) })}
    >
      {(errors) => {
        const rowErrors = new Set(keys.map((key) => `words.${lang}.${key}`));
        const others = Object.entries(errors).filter(
          ([path]) => path.startsWith('words') && !rowErrors.has(path),
        );
        return (
          <>
            <Text size="sm" c="dimmed">
              {t('organizer.words.hint')}
            </Text>
            {languages.length > 1 && (
              <SegmentedControl
                aria-label={t('organizer.words.language')}
                value={lang}
                onChange={(value) => setLang(value as Locale)}
                data={languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
              />
            )}
            {texts.isPending ? (
              <Loader size="sm" aria-label={t('common.loading')} />
            ) : (
              <Stack gap="sm" data-testid="words-list">
                {keys.length === 0 && (
                  <Text size="sm" data-testid="words-empty">
                    {t('organizer.words.empty', { language: LANGUAGE_NAMES[lang] })}
                  </Text>
                )}
                {keys.map((key) => {
                  const text = own[key] ?? '';
                  const missing = missingOf(texts.data?.[key], text);
                  return (
                    <Group key={key} align="flex-start" wrap="nowrap" gap="xs" data-testid="words-row">
                      <Textarea
                        flex={1}
                        autosize
                        minRows={1}
                        maxRows={4}
                        maxLength={500}
                        label={appText(key) || key}
                        description={<Code>{key}</Code>}
                        value={text}
                        onChange={(e) => setOwn(key, e.currentTarget.value)}
                        error={
                          missing.length > 0
                            ? t('organizer.words.placeholders', {
                                names: missing.map((n) => `{{${n}}}`).join(', '),
                              })
                            : errors[`words.${lang}.${key}`]
                        }
                        data-testid="words-text"
                      />
                      <ActionIcon
                        mt={46}
                        variant="subtle"
                        color="red"
                        aria-label={t('organizer.words.remove', { text: appText(key) || key })}
                        onClick={() => setOwn(key, null)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Group>
                  );
                })}
                {keys.length < EVENT_WORDS_MAX ? (
                  <Select
                    label={t('organizer.words.add')}
                    placeholder={t('organizer.words.addPlaceholder')}
                    searchable
                    // Typing marks the best match and Enter takes it. Marked on opening as well:
                    // without it a pasted key opens the list and, a tick later, Mantine's opening
                    // forgets the mark it still shows: Enter then saved the section instead.
                    selectFirstOptionOnChange
                    selectFirstOptionOnDropdownOpen
                    data={options}
                    filter={({ options: all, search }) =>
                      rankTexts(all as PickableText[], search, PICKER_LIMIT)
                    }
                    renderOption={({ option }) => (
                      <Stack gap={0}>
                        <Text size="sm">{option.label}</Text>
                        {/* Not c="dimmed": the marked option is white on the primary colour, and a
                            fixed grey key was unreadable there. A lighter shade of the option's own. */}
                        <Text size="xs" ff="monospace" opacity={0.8}>
                          {option.value}
                        </Text>
                      </Stack>
                    )}
                    value={null}
                    nothingFoundMessage={t('organizer.words.nothingFound')}
                    onChange={(key) => key && setOwn(key, '')}
                    data-testid="words-add"
                  />
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('organizer.words.full', { max: EVENT_WORDS_MAX })}
                  </Text>
                )}
                {others.map(([path, message]) => (
                  <Text key={path} size="sm" c="red" role="alert">
                    {message}
                  </Text>
                ))}
              </Stack>
            )}
          </>
        );
      }}
    </SettingsSection>
  );
}
