import { LOCALES, type Locale } from '@foyer/contract';
import { useRef, useState } from 'react';
import { changeLanguage, isLocale, LANGUAGE_NAMES } from '../i18n';
import { useTranslation } from '../i18n/react';
import classes from './language-select.module.css';

/**
 * The language switch of the screens before login (A9.31): one small button per language, each named
 * in its own language, the current one marked with aria-current. Plain buttons, not a select: the
 * forms on these pages have their own option lists, and a second list of options beside them would
 * be one more "option" and "combobox" for a screen reader (and a test) to tell apart; they also add
 * almost nothing to the first route (Mantine's NativeSelect cost 1 kB gzipped there). The choice is
 * stored under `language`, the device setting the profile's language select changes, so it stays
 * after login.
 */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const [failed, setFailed] = useState(false);
  // Two quick presses: the last choice must win even if an earlier language's texts arrive after it.
  const latest = useRef<Locale | null>(null);
  const current = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';

  const choose = async (value: Locale) => {
    latest.current = value;
    setFailed(false);
    try {
      await changeLanguage(value);
      const last = latest.current;
      if (last && last !== value) await changeLanguage(last);
    } catch {
      setFailed(true);
    }
  };

  return (
    <nav aria-label={t('system.language.label')} className={classes.nav} data-testid="auth-language">
      <ul className={classes.list}>
        {LOCALES.map((lang) => (
          <li key={lang}>
            <button
              type="button"
              lang={lang}
              className={classes.button}
              aria-current={lang === current ? 'true' : undefined}
              onClick={() => void choose(lang)}
              data-testid={`auth-language-${lang}`}
            >
              {LANGUAGE_NAMES[lang]}
            </button>
          </li>
        ))}
      </ul>
      {failed && (
        <span role="alert" className={classes.error}>
          {t('system.language.failed')}
        </span>
      )}
    </nav>
  );
}
