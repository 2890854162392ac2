import { COPYRIGHT_YEAR, PRODUCT_VERSION } from '@foyer/contract';
import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';

/** A2.86–A2.88: version and build time, the legal pages, the copyright year. */
export function ShellFooter({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Group component="footer" justify="center" gap="md" className={className} data-testid="shell-footer">
      <Text size="sm" c="gray.7">
        {t('footer.version', {
          version: PRODUCT_VERSION,
          buildTime: __BUILD_TIME__.slice(0, 16).replace('T', ' '),
        })}
      </Text>
      <Anchor component={Link} to="/privacy-notice" size="sm">
        {t('footer.privacy')}
      </Anchor>
      <Anchor component={Link} to="/terms" size="sm">
        {t('footer.terms')}
      </Anchor>
      <Anchor component={Link} to="/cookies" size="sm">
        {t('footer.cookies')}
      </Anchor>
      <Text size="sm" c="gray.7">
        {t('footer.copyright', { year: COPYRIGHT_YEAR })}
      </Text>
    </Group>
  );
}
