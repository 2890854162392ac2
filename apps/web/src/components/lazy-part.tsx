import { Center, Loader, type MantineSpacing } from '@mantine/core';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from '../i18n/react';

/** A lazily loaded part of a screen, with a small labelled spinner while its code arrives. */
export function LazyPart({ children, py = 'md' }: { children: ReactNode; py?: MantineSpacing }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <Center py={py}>
          <Loader size="sm" aria-label={t('common.loading')} />
        </Center>
      }
    >
      {children}
    </Suspense>
  );
}
