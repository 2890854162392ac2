import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { useSessionBootstrap } from '../lib/session';
import { FullPageLoader, PublicOnly, RequireAuth } from './guards';
import { AppLayout } from './layouts/app-layout';
import { AuthLayout } from './layouts/auth-layout';
import { NotFoundPage } from './pages/not-found-page';
import { RootRedirect } from './pages/root-redirect';

/** Each screen is its own chunk so the first one a visitor opens stays small. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }));
}

const LoginPage = page(() => import('../features/auth/routes/login-page'), 'LoginPage');
const RegistrationPage = page(() => import('../features/auth/routes/registration-page'), 'RegistrationPage');
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
const EventListPage = page(() => import('../features/events/routes/event-list-page'), 'EventListPage');
const EventHomePage = page(() => import('../features/events/routes/event-home-page'), 'EventHomePage');

export function AppRoutes() {
  useSessionBootstrap();
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Routes>
        <Route path="/" element={<RootRedirect />} />
        <Route element={<PublicOnly />}>
          <Route element={<AuthLayout />}>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/registration" element={<RegistrationPage />} />
            <Route path="/preregister" element={<PreregisterPage />} />
            <Route path="/forgot-password" element={<ForgotPasswordPage />} />
            <Route path="/forgot-password-confirm" element={<ForgotPasswordConfirmPage />} />
          </Route>
        </Route>
        <Route path="/event-preregister" element={<EventPreregisterPage />} />
        <Route path="/token-login" element={<TokenLoginPage />} />
        <Route element={<RequireAuth />}>
          <Route path="/confirmEmail" element={<ConfirmEmailPage />} />
          <Route element={<AppLayout />}>
            <Route path="/event/list" element={<EventListPage />} />
            <Route path="/event/:eventId/*" element={<EventHomePage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
