import { Skeleton, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';

/** What every entity detail (session, speaker, participant, booth) receives from the event area. */
export interface DetailProps {
  eventId: number;
  id: number;
  /** Page (h1) or modal body (the modal's title names it). */
  variant: 'page' | 'modal';
  onBack?(): void;
  /** What the event area shows when the feature has nothing of its own for this id (its generic header or not-found screen). */
  fallback?: ReactNode;
}

/** What a detail shows while it loads. */
export function DetailSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton h={28} w="60%" />
      <Skeleton h={16} w="40%" />
      <Skeleton h={80} />
    </Stack>
  );
}
