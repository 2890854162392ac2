import { LOCALES, type Locale } from '@foyer/contract';
import { Tabs, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { LANGUAGE_NAMES } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { type SectionProps, SettingsSection } from './settings-section';

type Texts = Partial<Record<Locale, { name?: string; description?: string }>>;

/** The event's privacy and terms pages, and its name and description per language (A1.10). */
export function PagesSettings({ event }: SectionProps) {
  const { t } = useTranslation();
  const [privacy, setPrivacy] = useState(event.pages.privacy ?? '');
  const [terms, setTerms] = useState(event.pages.terms ?? '');
  const [texts, setTexts] = useState<Texts>(() => event.translation as Texts);
  const others = LOCALES.filter((lang) => lang !== event.defaultLanguage);
  const setText = (lang: Locale, key: 'name' | 'description', value: string) =>
    setTexts((all) => ({ ...all, [lang]: { ...all[lang], [key]: value } }));
  return (
    <SettingsSection
      eventId={event.id}
      title={t('organizer.settings.pages')}
      testId="settings-pages"
      build={() => ({
        pages: { privacy: privacy.trim() || null, terms: terms.trim() || null },
        translation: Object.fromEntries(
          Object.entries(texts)
            .map(([lang, value]) => [
              lang,
              {
                ...(value?.name?.trim() ? { name: value.name.trim() } : {}),
                ...(value?.description?.trim() ? { description: value.description.trim() } : {}),
              },
            ])
            .filter(([, value]) => Object.keys(value as object).length > 0),
        ),
      })}
    >
      {() => (
        <>
          <Textarea
            label={t('organizer.settings.privacy')}
            autosize
            minRows={3}
            maxRows={10}
            value={privacy}
            onChange={(e) => setPrivacy(e.currentTarget.value)}
          />
          <Textarea
            label={t('organizer.settings.terms')}
            autosize
            minRows={3}
            maxRows={10}
            value={terms}
            onChange={(e) => setTerms(e.currentTarget.value)}
          />
          <Tabs defaultValue={others[0]}>
            <Tabs.List aria-label={t('organizer.settings.translations')}>
              {others.map((lang) => (
                <Tabs.Tab key={lang} value={lang}>
                  {LANGUAGE_NAMES[lang]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {others.map((lang) => (
              <Tabs.Panel key={lang} value={lang} pt="sm">
                <TextInput
                  label={t('organizer.settings.translatedName', { language: LANGUAGE_NAMES[lang] })}
                  value={texts[lang]?.name ?? ''}
                  onChange={(e) => setText(lang, 'name', e.currentTarget.value)}
                />
                <Textarea
                  mt="sm"
                  label={t('organizer.settings.translatedDescription', { language: LANGUAGE_NAMES[lang] })}
                  autosize
                  minRows={2}
                  value={texts[lang]?.description ?? ''}
                  onChange={(e) => setText(lang, 'description', e.currentTarget.value)}
                />
              </Tabs.Panel>
            ))}
          </Tabs>
        </>
      )}
    </SettingsSection>
  );
}
