import { timezoneCheck } from '@foyer/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { whenIdle } from '../../../lib/idle';
import { useProfile, useUpdateProfile } from '../../../lib/profile';
import { useSession } from '../../../lib/session-store';
import { useShell } from '../shell-store';
import { useEver } from '../use-ever';
import { rememberKept, type TimezoneModalMode } from './choices';
import { localTimezone } from './zones';

const TimezoneModal = lazy(async () => ({ default: (await import('./timezone-modal')).TimezoneModal }));

/**
 * A2.65, A4.23–A4.27: once per sign-in, compares the profile's zone with the device's. A user
 * without one gets the device zone saved and the modal to confirm it; a different zone asks "use the
 * device's or keep the profile's" unless the user already kept exactly this pair. The same modal
 * opens from the profile drawer. On the event-profile wizard it waits until the person leaves it: a
 * newcomer fills the profile first, without a dialog over it (issue 15).
 */
export function TimezoneCheck() {
  const user = useSession((state) => state.user);
  const profile = useProfile().data;
  const update = useUpdateProfile();
  const opened = useShell((state) => state.modals.includes('timezone'));
  const everOpened = useEver(opened);
  const openModal = useShell((state) => state.openModal);
  const closeModal = useShell((state) => state.closeModal);
  const [mode, setMode] = useState<TimezoneModalMode>('manual');
  const checkedFor = useRef<number | null>(null);
  const { mutate } = update;
  const onWizard = /\/event-profile\/?$/.test(useLocation().pathname);

  useEffect(() => {
    if (!user) checkedFor.current = null; // a new sign-in checks again
  }, [user]);

  useEffect(() => {
    if (!profile || onWizard || checkedFor.current === profile.id) return;
    // The device's zone is the page's first date-time format (~50 ms of a phone's CPU to set up):
    // asked when the browser is idle, not in the middle of the first screen's rendering.
    return whenIdle(() => {
      checkedFor.current = profile.id;
      const decision = timezoneCheck({
        userTimezone: profile.timezone,
        localTimezone: localTimezone(),
        skipped: profile.uiSettings.timezoneCheck ?? null,
      });
      if (decision.action === 'none') return;
      if (decision.action === 'setLocalAndAsk') {
        mutate({ action: 'timezone', timezone: decision.localTimezone });
        setMode('new');
      } else {
        setMode('differs');
      }
      openModal('timezone');
    });
  }, [profile, onWizard, mutate, openModal]);

  const close = () => {
    closeModal('timezone');
    setMode('manual');
  };

  const keep = () => {
    // A4.27: "Keep <profile zone>" is remembered for this pair, so it is not asked again.
    if (mode === 'differs' && profile?.timezone)
      mutate(rememberKept(profile, profile.timezone, localTimezone()));
    close();
  };

  if (!user || !everOpened) return null;
  return (
    <Suspense fallback={null}>
      <TimezoneModal
        // Asked just before the person landed on the wizard (a registration that signs in and goes
        // there): it waits there too, and shows once they leave it.
        opened={opened && !onWizard}
        mode={mode}
        userTimezone={user.timezone}
        onKeep={keep}
        onClose={close}
        onSaved={close}
      />
    </Suspense>
  );
}
