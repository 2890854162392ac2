import { create } from 'zustand';

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
    set((state) => ({ drawer, profileTab: profileTab ?? state.profileTab, mobileMenuOpen: false }));
  },
  closeDrawer() {
    set({ drawer: null });
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
