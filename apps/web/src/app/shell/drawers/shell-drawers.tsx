import { SideDrawerClosed } from '../../../components/side-drawer';
import { NotificationsDrawer } from '../../../features/notifications/components/notifications-drawer';
import { drawerClosed, useShell } from '../shell-store';
import { AgendaDrawer } from './agenda-drawer';
import { ContactsDrawer } from './contacts-drawer';
import { InvitationsDrawer } from './invitations-drawer';
import { ProfileDrawer } from './profile-drawer';

/** Every navigation drawer; one is open at a time (A2.74, A4.48); focus returns when one has closed (A2.85). */
export function ShellDrawers() {
  const drawer = useShell((state) => state.drawer);
  const close = useShell((state) => state.closeDrawer);
  return (
    <SideDrawerClosed.Provider value={drawerClosed}>
      <ProfileDrawer opened={drawer === 'profile'} onClose={close} />
      <NotificationsDrawer opened={drawer === 'notifications'} onClose={close} />
      <AgendaDrawer opened={drawer === 'agenda'} onClose={close} />
      <InvitationsDrawer opened={drawer === 'invitations'} onClose={close} />
      <ContactsDrawer opened={drawer === 'contacts'} onClose={close} />
    </SideDrawerClosed.Provider>
  );
}
