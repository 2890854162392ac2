import { COPYRIGHT_YEAR } from '@foyer/contract';
import { Anchor, NavLink, Text } from '@mantine/core';
import { IconCookie, IconFileText, IconShieldLock } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/react';
import { useDomainInfo, usePublicEvent } from '../../../lib/domain';
import { readLastVisitedEvent } from '../../../lib/storage';
import { StaticHeader } from './static-header';
import classes from './static-layout.module.css';

const MENU = [
  { path: '/privacy-notice', key: 'static.menu.privacy-notice', icon: IconShieldLock },
  { path: '/terms', key: 'static.menu.terms', icon: IconFileText },
  { path: '/cookies', key: 'static.menu.cookies', icon: IconCookie },
] as const;

/** The event this visitor came from: the host's event domain, else the last visited event. */
function useKnownEvent() {
  const domain = useDomainInfo();
  const lastId = domain.info || domain.isLoading ? null : (readLastVisitedEvent()?.id ?? null);
  const last = usePublicEvent(lastId);
  return domain.info?.event ?? last.info?.event ?? null;
}

/** A2.54, A2.55: header, side menu with the active page highlighted, the page, footer. */
export function StaticLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const event = useKnownEvent();

  return (
    <div className={classes.root}>
      <StaticHeader event={event} />
      <div className={classes.body}>
        <nav className={classes.menu} aria-label={t('static.menu.label')} data-testid="static-menu">
          {MENU.map(({ path, key, icon: Icon }) => (
            <NavLink
              key={path}
              component={Link}
              to={path}
              label={t(key)}
              leftSection={<Icon size={18} aria-hidden />}
              active={pathname === path}
              aria-current={pathname === path ? 'page' : undefined}
              variant="light"
            />
          ))}
        </nav>
        <main className={classes.content}>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <footer className={classes.footer}>
        <Anchor component={Link} to="/faq" size="sm">
          {t('static.menu.faq')}
        </Anchor>
        <Text size="sm" c="gray.7">
          {t('footer.copyright', { year: COPYRIGHT_YEAR })}
        </Text>
      </footer>
    </div>
  );
}
