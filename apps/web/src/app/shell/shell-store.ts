import { create } from 'zustand';

/**
 * What had focus when a drawer opened, and which drawer: focus goes back there when it closes
 * (A2.85, WCAG 2.4.3).
 */
let drawerOpener: { element: HTMLElement; drawer: ShellDrawer } | null = null;

function rememberOpener(drawer: ShellDrawer) {
  const active = typeof document === 'undefined' ? null : document.activeElement;
  drawerOpener =
    active instanceof HTMLElement && active !== document.body ? { element: active, drawer } : null;
}

/**
 * A2.85: called by a drawer when its close transition has ended (Mantine's onExitTransitionEnd), so
 * on a busy device as on an idle one. Mantine returns focus itself, but not when the lazily mounted
 * drawer took over focus while it was loading: an opener left without focus gets it back here.
 * Focus still inside the closed drawer, or dropped to <body>, goes back to the opener; focus the
 * user put somewhere else meanwhile stays there, and a drawer opened meanwhile keeps it. When the
 * navigation was rendered anew while the drawer was open (the window crossed a breakpoint), the
 * opener is the control that opens the same drawer now (`data-drawer-opener`).
 */
export function drawerClosed(closedDrawer: Element | null): void {
  const opener = drawerOpener;
  if (!opener || useShell.getState().drawer) return;
  drawerOpener = null;
  const active = document.activeElement;
  const lost = !active || active === document.body || (closedDrawer?.contains(active) ?? false);
  if (!lost) return;
  const target = opener.element.isConnected
    ? opener.element
    : document.querySelector<HTMLElement>(`[data-drawer-opener="${opener.drawer}"]`);
  target?.focus();
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
    if (!useShell.getState().drawer) rememberOpener(drawer);
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
