import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { LoginPage } from '../features/auth/routes/login-page';
import type { AddressedScreen } from '../lib/addressed-screen';
import { lazyNamed } from '../lib/lazy-component';
import { STATIC_PAGES } from '../lib/read-address';
import { useSessionBootstrap } from '../lib/session';
import { FullPageLoader, PublicOnly, RequireAuth } from './guards';
import { AuthLayout } from './layouts/auth-layout';
import { NotFoundPage } from './pages/not-found-page';
import { RootRedirect } from './pages/root-redirect';
import { useModalBackground } from './shell/use-modal-background';

/**
 * Each screen is its own chunk so the first one a visitor opens stays small. The login page is the
 * exception: it is the first route (every signed-out visit lands there), so it ships in the entry
 * chunk instead of costing one more round trip after it.
 */
const page = lazyNamed;

const RegistrationPage = page(() => import('../features/auth/routes/registration-page'), 'RegistrationPage');
const ConfirmSignupPage = page(
  () => import('../features/auth/routes/confirm-signup-page'),
  'ConfirmSignupPage',
);
const PreregisterPage = page(() => import('../features/auth/routes/registration-page'), 'PreregisterPage');
const EventPreregisterPage = page(
  () => import('../features/auth/routes/event-preregister-page'),
  'EventPreregisterPage',
);
const ForgotPasswordPage = page(
  () => import('../features/auth/routes/forgot-password-page'),
  'ForgotPasswordPage',
);
const ForgotPasswordConfirmPage = page(
  () => import('../features/auth/routes/forgot-password-confirm-page'),
  'ForgotPasswordConfirmPage',
);
const TokenLoginPage = page(() => import('../features/auth/routes/token-login-page'), 'TokenLoginPage');
const ConfirmEmailPage = page(() => import('../features/auth/routes/confirm-email-page'), 'ConfirmEmailPage');
const AcceptInvitationPage = page(
  () => import('../features/auth/routes/accept-invitation-page'),
  'AcceptInvitationPage',
);
const EventListPage = page(() => import('../features/event/routes/event-list-page'), 'EventListPage');
const ShellLayout = page(() => import('./shell/shell-layout'), 'ShellLayout');
const EventArea = page(() => import('./event/routes/event-area'), 'EventArea');

/**
 * A stored session opens a signed-in screen: its frame (and an event's area, on an address in it)
 * are asked for at start-up, beside the first answers, so the first render finds them loaded and
 * does not suspend (`lazyComponent`). The area asks for its tab itself (event-tab-panel.tsx).
 */
export function preloadSignedInScreens(screen: AddressedScreen): void {
  if (screen.framed) void ShellLayout.preload();
  if (screen.area) void EventArea.preload();
}
const NotificationsPage = page(
  () => import('../features/notifications/routes/notifications-page'),
  'NotificationsPage',
);
const agendaPages = () => import('../features/agenda/routes/my-agenda-page');
const MyAgendaPage = page(agendaPages, 'MyAgendaPage');
const AgendaSessionPage = page(agendaPages, 'AgendaSessionPage');
const InvitationsPage = page(() => import('../features/meetings/routes/invitations-page'), 'InvitationsPage');
const ChatPage = page(() => import('../features/chat/routes/chat-page'), 'ChatPage');
const ContactsPage = page(() => import('../features/contacts/routes/contacts-page'), 'ContactsPage');
const consolePages = () => import('../features/organizer/routes/console-home-page');
const ConsoleHomePage = page(consolePages, 'ConsoleHomePage');
const CreateEventPage = page(
  () => import('../features/organizer/routes/create-event-page'),
  'CreateEventPage',
);
const ConsoleEventLayout = page(
  () => import('../features/organizer/routes/console-event-layout'),
  'ConsoleEventLayout',
);
const ModalRoutes = lazy(async () => ({ default: (await import('./modal-routes')).ModalRoutes }));
const UserPage = page(() => import('../features/user/routes/user-page'), 'UserPage');
const MyTicketPage = page(() => import('../features/ticket/routes/my-ticket-page'), 'MyTicketPage');
const StaticLayout = page(() => import('../features/static-pages/components/static-layout'), 'StaticLayout');
const StaticPage = page(() => import('../features/static-pages/routes/static-page'), 'StaticPage');

export function AppRoutes() {
  useSessionBootstrap();
  const location = useLocation();
  const background = useModalBackground(); // A2.21: the page a modal route opens over
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Routes location={background ?? location}>
        <Route path="/" element={<RootRedirect />} />
        <Route element={<PublicOnly />}>
          <Route element={<AuthLayout />}>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/registration" element={<RegistrationPage />} />
            <Route path="/preregister" element={<PreregisterPage />} />
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/forgot-password-confirm" element={<ForgotPasswordConfirmPage />} />
            <Route path="/confirm-signup" element={<ConfirmSignupPage />} />
          </Route>
        </Route>
        {/* Outside the frame: lib/read-address.ts (OUTSIDE_FRAME) names these for the start-up. */}
        <Route path="/event-preregister" element={<EventPreregisterPage />} />
        <Route path="/token-login" element={<TokenLoginPage />} />
        <Route element={<RequireAuth />}>
          <Route path="/confirmEmail" element={<ConfirmEmailPage />} />
          <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
          <Route element={<ShellLayout />}>
            <Route path="/event/list" element={<EventListPage />} />
            <Route path="/event/:eventId/ticket" element={<MyTicketPage />} />
            <Route path="/event/:eventId/*" element={<EventArea />} />
            <Route path="/my-agenda" element={<MyAgendaPage />} />
            <Route path="/my-agenda/session/:eventId/:sessionId" element={<AgendaSessionPage />} />
            <Route path="/invitations" element={<InvitationsPage />} />
            <Route path="/invitations/received" element={<InvitationsPage />} />
            <Route path="/chat" element={<ChatPage />} />
            <Route path="/contacts" element={<ContactsPage />} />
            <Route path="/notifications" element={<NotificationsPage />} />
            <Route path="/account" element={<Navigate to="/account/profile" replace />} />
            <Route path="/account/:type" element={<UserPage />} />
            <Route path="/organizer" element={<ConsoleHomePage />} />
            <Route path="/organizer/new" element={<CreateEventPage />} />
            <Route path="/organizer/:eventId/*" element={<ConsoleEventLayout />} />
          </Route>
        </Route>
        <Route element={<StaticLayout />}>
          {STATIC_PAGES.map((path) => (
            <Route key={path} path={path} element={<StaticPage />} />
          ))}
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
      {background && <ModalRoutes background={background} />}
    </Suspense>
  );
}
