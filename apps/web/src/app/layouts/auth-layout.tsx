import { Anchor, Group, Image, Loader, LoadingOverlay, Text } from '@mantine/core';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSelect } from '../../components/language-select';
import { useTranslation } from '../../i18n/react';
import { useEventLanguage } from '../../i18n/use-event-language';
import { useEventWords } from '../../i18n/use-event-words';
import { useDomainInfo } from '../../lib/domain';
import classes from './auth-layout.module.css';
import { EventSidePanel } from './event-side-panel';
import { ProductCarousel } from './product-carousel';

/**
 * Shared by the public auth screens (A2.34): side panel, logo, login ⇄ registration switch (A2.36)
 * and footer links to privacy and terms (A2.35). The event lookup covers the whole layout while it
 * loads (A2.43) because the registration form's mode depends on it.
 */
export function AuthLayout() {
  const { t } = useTranslation();
  const { info, isLoading } = useDomainInfo();
  const onLogin = useLocation().pathname === '/login';
  const event = info?.event ?? null;
  useEventLanguage(event?.defaultLanguage);
  const wordsComing = useEventWords(event?.id ?? 0, event?.ownWords);

  return (
    <div className={classes.root}>
      {/* WCAG 2.4.1: the same skip link as the signed-in shell, past the event panel to the form. */}
      <a href="#main" className={classes.skip}>
        {t('nav.skip')}
      </a>
      <LoadingOverlay
        visible={isLoading || wordsComing}
        zIndex={300}
        loaderProps={{ 'aria-label': t('common.loading') }}
      />
      {/* From 768 px the event panel is a full-height column that scrolls on its own, so keyboard
          users need to be able to focus it to scroll (WCAG 2.1.1); the carousel has its own buttons. */}
      <aside
        className={event ? classes.aside : `${classes.aside} ${classes.asideGeneric}`}
        tabIndex={event ? 0 : undefined}
        aria-label={event?.name}
      >
        {event ? <EventSidePanel event={event} /> : <ProductCarousel />}
      </aside>
      <header className={classes.header}>
        <Anchor component={Link} to="/login" underline="never">
          <Group gap="xs" wrap="nowrap">
            <Image
              src={event?.images?.logo || '/favicon.svg'}
              alt={event?.images?.logo ? event.name : ''}
              h={36}
              w="auto"
              maw={160}
              fit="contain"
            />
            {!event?.images?.logo && (
              <Text fw={700} size="lg" c="dark">
                {event?.name ?? t('app.name')}
              </Text>
            )}
          </Group>
        </Anchor>
        <Text size="sm">
          <Text span visibleFrom="xs" inherit>
            {t(onLogin ? 'auth.layout.noAccount' : 'auth.layout.haveAccount')}{' '}
          </Text>
          <Anchor
            component={Link}
            to={onLogin ? '/registration' : '/login'}
            fw={600}
            data-testid="auth-switch"
          >
            {t(onLogin ? 'auth.layout.toRegistration' : 'auth.layout.toLogin')}
          </Anchor>
        </Text>
      </header>
      <main id="main" tabIndex={-1} className={classes.main}>
        <Suspense fallback={<Loader aria-label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className={classes.footer}>
        <Anchor component={Link} to="/privacy-notice" size="sm">
          {t('footer.privacy')}
        </Anchor>
        <Anchor component={Link} to="/terms" size="sm">
          {t('footer.terms')}
        </Anchor>
        <LanguageSelect />
      </footer>
    </div>
  );
}
