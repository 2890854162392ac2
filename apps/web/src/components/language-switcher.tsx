import { LOCALES, type Locale } from '@foyer/contract';
import { Select, type SelectProps } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useState } from 'react';
import { changeLanguage, isLocale, LANGUAGE_NAMES } from '../i18n';
import { useTranslation } from '../i18n/react';
import { toast } from '../lib/toast';

const OPTIONS = LOCALES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }));

/**
 * The app language for this device (A9.31): en, tr, ru or es, each named in itself, stored under
 * `language`. Other props go to the Select (e.g. `size`, `maw`, `label={null}` in tight places).
 */
export function LanguageSwitcher(props: Omit<SelectProps, 'data' | 'value' | 'onChange'>) {
  const { t, i18n } = useTranslation();
  const [pending, setPending] = useState(false);
  const current: Locale = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  const choose = async (value: string | null) => {
    if (!isLocale(value) || value === current) return;
    setPending(true);
    try {
      await changeLanguage(value);
    } catch {
      toast('error', t('system.language.failed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Select
      label={t('system.language.label')}
      data={OPTIONS}
      value={current}
      onChange={choose}
      allowDeselect={false}
      disabled={pending}
      leftSection={<IconLanguage size={16} aria-hidden />}
      comboboxProps={{ withinPortal: true }}
      data-testid="language-switcher"
      {...props}
    />
  );
}
