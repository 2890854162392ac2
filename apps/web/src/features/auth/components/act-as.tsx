import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { LazyModal } from '../../../components/lazy-modal';
import { useTranslation } from '../../../i18n/react';
import { actAs } from '../../../lib/api-client';
import { clearCaches } from '../../../lib/clear-caches';
import { fetchProfile, PROFILE_STALE_MS, profileKey } from '../../../lib/profile';
import { useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast';

/** Becomes `userId` (or back to oneself), forgets the other person's cached answers, opens the event list. */
function useSwitchTo() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const run = async (userId: number) => {
    setPending(true);
    try {
      await actAs(userId);
      void clearCaches(queryClient, { refetchActive: true }); // A9.23
      navigate('/event/list');
    } catch (error) {
      toast('error', error instanceof Error && error.message ? error.message : t('common.unknownError'));
    } finally {
      setPending(false);
    }
  };
  return { run, pending };
}

/**
 * A6.04, E6.14: a super user logs in as an attendee from the attendee's profile, after saying so in
 * a dialog. Not shown to anyone else, nor on one's own profile or a person without an account.
 */
export function ActAsButton({ userId, name }: { userId: number | null; name: string }) {
  const { t } = useTranslation();
  const me = useSession((s) => s.user?.id);
  const profile = useQuery({ queryKey: profileKey, queryFn: fetchProfile, staleTime: PROFILE_STALE_MS });
  const [confirming, setConfirming] = useState(false);
  const { run, pending } = useSwitchTo();
  if (!profile.data?.isSuperUser || userId === null || userId === me) return null;
  return (
    <>
      <Button
        size="sm"
        variant="default"
        leftSection={<IconUserShare size={16} aria-hidden />}
        onClick={() => setConfirming(true)}
        data-testid="act-as-open"
      >
        {t('actAs.open', { name })}
      </Button>
      <LazyModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('actAs.title', { name })}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('actAs.text', { name })}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('actAs.cancel')}
            </Button>
            <Button loading={pending} onClick={() => void run(userId)} data-testid="act-as-confirm">
              {t('actAs.confirm')}
            </Button>
          </Group>
        </Stack>
      </LazyModal>
    </>
  );
}

/** While acting as someone: who, and the way back to one's own account (on every page). */
export function ActingBanner() {
  const { t } = useTranslation();
  const actorId = useSession((s) => s.actorId);
  const user = useSession((s) => s.user);
  const { run, pending } = useSwitchTo();
  if (!actorId || !user) return null;
  return (
    <Paper role="status" radius={0} px="md" py="xs" bg="yellow.1" data-testid="acting-banner">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dark.9">
          {t('actAs.banner', { name: `${user.name} ${user.surname}`.trim() })}
        </Text>
        <Button
          size="xs"
          variant="filled"
          color="dark"
          loading={pending}
          onClick={() => void run(actorId)}
          data-testid="act-as-back"
        >
          {t('actAs.back')}
        </Button>
      </Group>
    </Paper>
  );
}
