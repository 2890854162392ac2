import { Alert, Loader, Typography } from '@mantine/core';
import { type MouseEvent, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isLocale } from '../../../i18n';
import { useTranslation } from '../../../i18n/react';
import { STATIC_PAGES, type StaticPageName, useStaticPage } from '../api/get-static-page';
import { sanitizeHtml } from '../lib/sanitize';

function pageOf(pathname: string): StaticPageName {
  const name = pathname.replace(/^\/+|\/+$/g, '');
  return (STATIC_PAGES as readonly string[]).includes(name) ? (name as StaticPageName) : 'privacy-notice';
}

/** A2.53: the page for this path in the current language; A8.27 'Error' when it cannot be loaded. */
export function StaticPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const page = pageOf(useLocation().pathname);
  const lang = isLocale(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const query = useStaticPage(page, lang);
  const html = useMemo(() => (query.data ? sanitizeHtml(query.data) : ''), [query.data]);

  useEffect(() => {
    document.title = `${t(`static.menu.${page}`)} · ${t('app.name')}`;
  }, [page, t]);

  // Links between our pages stay inside the app instead of reloading it.
  const followLocalLink = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//') || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    event.preventDefault();
    navigate(href);
  };

  if (query.isPending) return <Loader aria-label={t('common.loading')} />;
  if (query.isError) {
    return (
      <Alert color="red" role="alert" title={t('common.error')} data-testid="static-error">
        {t('static.loadFailed')}
      </Alert>
    );
  }
  return (
    <Typography onClick={followLocalLink} data-testid="static-content" lang={lang}>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own server's page, sanitized above */}
      <div dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
