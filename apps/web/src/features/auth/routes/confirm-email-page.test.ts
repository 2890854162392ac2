import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { createElement } from 'react';
import type { NavigateFunction } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import access from '../../../i18n/locales/en/access.json';
import { i18n } from '../../../i18n/translator';
import { initEnglish, renderHtml } from '../../../lib/render.testing';
import { confirmEmailQuery } from '../api/confirm-email';
import { afterEmailConfirm, ConfirmEmailPage } from './confirm-email-page';

interface ConfirmState {
  isSuccess: boolean;
  isError: boolean;
  error: Error | null;
}

const seen = vi.hoisted(() => ({
  api: vi.fn(),
  toast: vi.fn(),
  confirm: vi.fn(),
  state: { isSuccess: false, isError: false, error: null } as ConfirmState,
}));

vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: seen.api,
}));
vi.mock('../../../lib/toast', () => ({ toast: seen.toast }));
// The page's query, as the page asks for it; the request itself is checked on confirmEmailQuery.
vi.mock('../api/confirm-email', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/confirm-email')>()),
  useConfirmEmail: (email: string, code: string | null) => {
    seen.confirm(email, code);
    return seen.state;
  },
}));
// In node a <Navigate> never navigates (that happens in an effect): it shows where it would go.
vi.mock('react-router', async (importOriginal) => {
  const router = await importOriginal<typeof import('react-router')>();
  const { createElement: h } = await import('react');
  return {
    ...router,
    Navigate: ({ to, replace }: { to: string; replace?: boolean }) =>
      h('meta', { 'data-navigate': to, 'data-replace': String(Boolean(replace)) }),
  };
});

beforeAll(() => initEnglish(access));
beforeEach(() => {
  seen.api.mockReset();
  seen.toast.mockReset();
  seen.confirm.mockReset();
  seen.state = { isSuccess: false, isError: false, error: null };
});

const pageAt = (url: string): string => renderHtml(createElement(ConfirmEmailPage), url);

/** Where the page redirects to at once, if it does. */
const redirect = (html: string) => {
  const tag = /<meta [^>]*data-navigate="([^"]*)"[^>]*data-replace="([^"]*)"/.exec(html);
  return tag ? { to: tag[1], replace: tag[2] === 'true' } : null;
};

/** Lets the query observer's request start. */

describe('/confirmEmail', () => {
  it('A2.48 reads the e-mail and the code from the query string', () => {
    pageAt('/confirmEmail?email=ada%2Bnew%40example.com&code=%20123456%20');
    expect(seen.confirm).toHaveBeenCalledWith('ada+new@example.com', '123456');
  });

  it('A2.49 without a code (missing or blank) it redirects to /event/list and confirms nothing', () => {
    for (const url of ['/confirmEmail?email=ada%40example.com', '/confirmEmail?email=a%40b.co&code=%20']) {
      seen.confirm.mockReset();
      const html = pageAt(url);
      expect(redirect(html)).toEqual({ to: '/event/list', replace: true });
      expect(html).not.toContain('data-testid="confirm-email-loader"');
      expect(seen.confirm.mock.calls[0]?.[1]).toBeNull();
    }
  });

  it('A2.49 without a code the confirmation request is never sent', () => {
    const observer = new QueryObserver(new QueryClient(), confirmEmailQuery('ada@example.com', null));
    const stop = observer.subscribe(() => {});
    // A query that may run starts fetching as it is subscribed to: this one stays idle.
    expect(observer.getCurrentResult().fetchStatus).toBe('idle');
    stop();
    expect(seen.api).not.toHaveBeenCalled();
  });

  it('A2.50 with a code it shows a spinner while the new e-mail is confirmed', () => {
    const html = pageAt('/confirmEmail?email=ada%40example.com&code=123456');
    expect(redirect(html)).toBeNull();
    expect(html).toContain('Confirming your e-mail');
    expect(html).toMatch(/<[^>]*data-testid="confirm-email-loader"[^>]*>/);
    expect(/<[^>]*data-testid="confirm-email-loader"[^>]*>/.exec(html)?.[0]).toContain(
      'aria-label="Loading"',
    );
    expect(html).not.toContain('role="alert"');
  });

  it('A2.50 with a code the page confirms the e-mail: POST /user/email/confirm { email, code }', async () => {
    seen.api.mockResolvedValue({});
    const client = new QueryClient();
    const observer = new QueryObserver(client, confirmEmailQuery('ada@example.com', '123456'));
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    stop();
    expect(seen.api).toHaveBeenCalledTimes(1);
    expect(seen.api).toHaveBeenCalledWith('/user/email/confirm', {
      method: 'POST',
      body: { email: 'ada@example.com', code: '123456' },
    });
    expect(observer.getCurrentResult().isSuccess).toBe(true);
  });

  it("A2.51 A8.37 on success: toast 'confirm.email.success', then /event/list", () => {
    const navigate = vi.fn();
    const asNavigate = navigate as unknown as NavigateFunction;
    afterEmailConfirm(false, i18n.t, asNavigate);
    expect(seen.toast).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();

    afterEmailConfirm(true, i18n.t, asNavigate);
    expect(seen.toast).toHaveBeenCalledWith('success', 'Your e-mail is confirmed.');
    expect(navigate).toHaveBeenCalledWith('/event/list', { replace: true });
  });
});
