import { Burger, Image, Indicator, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useSession } from '../../lib/session-store';
import { useScrolled } from '../../lib/use-scrolled';
import classes from './mobile-header.module.css';
import { useShell } from './shell-store';

/**
 * A2.82: the mobile top bar: hamburger with the total badge (A4.39), brand, who is signed in. A9.24:
 * after 20 px of scroll it takes its scrolled style (slimmer, with a shadow over the page).
 */
export function MobileHeader({ badge }: { badge: number }) {
  const { t } = useTranslation();
  const scrolled = useScrolled();
  const user = useSession((state) => state.user);
  const open = useShell((state) => state.mobileMenuOpen);
  const setOpen = useShell((state) => state.setMobileMenu);
  return (
    <header className={classes.header} data-scrolled={scrolled || undefined} data-testid="mobile-header">
      <Indicator label={badge > 99 ? '99+' : badge} size={16} disabled={badge === 0} color="red.8" offset={6}>
        <Burger
          opened={open}
          onClick={() => setOpen(!open)}
          aria-label={badge > 0 ? t('nav.openMenuBadge', { count: badge }) : t('nav.openMenu')}
          aria-expanded={open}
          data-testid="mobile-menu-button"
        />
      </Indicator>
      <Link to="/event/list" className={classes.brand}>
        <Image src="/favicon.svg" alt="" w={28} h={28} />
        <Text fw={800}>{t('app.name')}</Text>
      </Link>
      {user && (
        <Text size="sm" fw={500} truncate="end" maw={140} data-testid="user-name">
          {`${user.name} ${user.surname}`.trim()}
        </Text>
      )}
    </header>
  );
}
