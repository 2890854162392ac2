import { RESIZE_DEBOUNCE_MS } from '@foyer/contract';
import { Anchor, Button, Group, Paper, Text } from '@mantine/core';
import { IconCookie } from '@tabler/icons-react';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Trans, useTranslation } from '../../i18n/react';
import { debounce } from '../../lib/delay';
import { type CookieConsent, readConsent, writeConsent } from './cookie-consent';

/** Room kept free above the banner's top edge, beside its own height and 16 px offset. */
const GAP = 8;

/**
 * WCAG 2.4.11 (focus not obscured): while the fixed banner shows, the page gets bottom padding and
 * scroll padding of its height, so a focused control is scrolled above the banner, never under it.
 */
function useRoomBelow(banner: RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const root = document.documentElement;
    const apply = () => {
      const room = `${window.innerHeight - element.getBoundingClientRect().top + GAP}px`;
      root.style.setProperty('scroll-padding-bottom', room);
      document.body.style.setProperty('padding-bottom', room);
    };
    apply();
    const observer = new ResizeObserver(apply);
    observer.observe(element);
    // A9.15: the window's resizing settles for 100 ms first (the banner's own size applies at once).
    const onResize = debounce(apply, RESIZE_DEBOUNCE_MS);
    window.addEventListener('resize', onResize);
    return () => {
      onResize.cancel();
      observer.disconnect();
      window.removeEventListener('resize', onResize);
      root.style.removeProperty('scroll-padding-bottom');
      document.body.style.removeProperty('padding-bottom');
    };
  }, [banner, shown]);
}

/**
 * A2.60, A2.61: shown until a choice exists; links to the privacy and cookie pages. The app renders
 * it before the screens, so its links and buttons come first in the tab order, not after the page.
 */
export function CookieBanner() {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<CookieConsent | null>(readConsent);
  const banner = useRef<HTMLElement>(null);
  useRoomBelow(banner, !choice);
  if (choice) return null;

  const choose = (value: CookieConsent) => {
    writeConsent(value);
    setChoice(value);
  };

  return (
    <Paper
      ref={banner}
      component="section"
      role="region"
      aria-label={t('system.cookies.label')}
      shadow="lg"
      withBorder
      radius="md"
      p="md"
      pos="fixed"
      bottom={16}
      left={16}
      right={16}
      maw={720}
      mx="auto"
      style={{ zIndex: 250 }}
      data-testid="cookie-banner"
    >
      <Group gap="md" wrap="wrap" justify="space-between">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 20rem' }}>
          <IconCookie size={24} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm">
            <Trans
              i18nKey="system.cookies.text"
              components={{
                privacy: (
                  <Anchor
                    component={Link}
                    to="/privacy-notice"
                    inherit
                    underline="always"
                    data-testid="cookie-privacy"
                  />
                ),
                cookies: (
                  <Anchor
                    component={Link}
                    to="/cookies"
                    inherit
                    underline="always"
                    data-testid="cookie-policy"
                  />
                ),
              }}
            />
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap" ml="auto">
          <Button variant="default" size="sm" onClick={() => choose('dismiss')} data-testid="cookie-dismiss">
            {t('system.cookies.dismiss')}
          </Button>
          <Button size="sm" onClick={() => choose('allow')} data-testid="cookie-allow">
            {t('system.cookies.allow')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
