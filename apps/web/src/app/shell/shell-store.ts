import { DRAWER_CLOSE_MS } from '@foyer/contract';
import { create } from 'zustand';

/** What had focus when a drawer opened: focus goes back there when it closes (A2.85, WCAG 2.4.3). */
let drawerOpener: HTMLElement | null = null;

function rememberOpener() {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  drawerOpener = active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Mantine returns focus itself, but not when the lazily mounted drawer took over focus while it was
 * loading; after the close animation, an opener left without focus gets it back.
 */
function returnFocusAfterClose() {
  const opener = drawerOpener;
  drawerOpener = null;
  if (!opener) return;
  // On a busy device the close transition can outlast DRAWER_CLOSE_MS: while focus is still inside
  // the closing drawer, look again; once it has dropped to <body>, give it back; if the user moved
  // it somewhere else meanwhile, leave it there.
  const deadline = Date.now() + 4 * DRAWER_CLOSE_MS;
  const check = () => {
    const active = document.activeElement;
    if (!active || active === document.body) {
      if (opener.isConnected) opener.focus();
    } else if (active.closest('[role="dialog"]') && Date.now() < deadline) {
      setTimeout(check, 100);
    }
  };
  setTimeout(check, DRAWER_CLOSE_MS + 50);
}

export type ShellDrawer = 'profile' | 'notifications' | 'agenda' | 'invitations' | 'contacts';
export type ShellModal = 'timezone' | 'presence' | 'inviteParticipant' | 'checkIn';

/** Profile drawer tabs (A2.75). */
export const PROFILE_TABS = ['profile', 'settings', 'account', 'devices'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

/**
 * Open and closed side panels and modals (A4.47, A4.48): one drawer at a time, the profile drawer's
 * tab, the mobile menu and the tablet main menu.
 */
interface ShellState {
  drawer: ShellDrawer | null;
  profileTab: ProfileTab;
  mobileMenuOpen: boolean;
  /** A2.81: collapsed on tablet until expanded. */
  mainMenuExpanded: boolean;
  modals: ShellModal[];
  openDrawer(drawer: ShellDrawer, profileTab?: ProfileTab): void;
  closeDrawer(): void;
  setProfileTab(tab: ProfileTab): void;
  setMobileMenu(open: boolean): void;
  setMainMenuExpanded(expanded: boolean): void;
  openModal(modal: ShellModal): void;
  closeModal(modal: ShellModal): void;
  reset(): void;
}

const initial = {
  drawer: null,
  profileTab: 'profile' as ProfileTab,
  mobileMenuOpen: false,
  mainMenuExpanded: false,
  modals: [] as ShellModal[],
};

export const useShell = create<ShellState>((set) => ({
  ...initial,
  openDrawer(drawer, profileTab) {
    if (!useShell.getState().drawer) rememberOpener();
    set((state) => ({ drawer, profileTab: profileTab ?? state.profileTab, mobileMenuOpen: false }));
  },
  closeDrawer() {
    set({ drawer: null });
    returnFocusAfterClose();
  },
  setProfileTab(profileTab) {
    set({ profileTab });
  },
  setMobileMenu(mobileMenuOpen) {
    set({ mobileMenuOpen });
  },
  setMainMenuExpanded(mainMenuExpanded) {
    set({ mainMenuExpanded });
  },
  openModal(modal) {
    set((state) => ({ modals: state.modals.includes(modal) ? state.modals : [...state.modals, modal] }));
  },
  closeModal(modal) {
    set((state) => ({ modals: state.modals.filter((m) => m !== modal) }));
  },
  reset() {
    set(initial);
  },
}));
