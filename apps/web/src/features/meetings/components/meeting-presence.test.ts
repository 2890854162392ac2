// The meeting card's check-in and ping (E8.59, E8.60).
import { type Meeting, MeetingErrorCode } from '@foyer/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import access from '../../../i18n/locales/en/access.json';
import meetings from '../../../i18n/locales/en/meetings.json';
import { ApiError } from '../../../lib/api-client';
import { initEnglish, renderHtml } from '../../../lib/render.testing';
import type { MeetingActions } from '../lib/meeting-actions';
import { MeetingPresence } from './meeting-presence';

const seen = vi.hoisted(() => ({
  clicks: new Map<string, () => void>(),
  api: vi.fn(),
  toast: vi.fn(),
}));

// Rendered in node: each button's handler is kept by test id so a test can press it.
vi.mock('@mantine/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@mantine/core')>();
  const { createElement: h } = await import('react');
  return {
    ...core,
    Button: (props: { children?: ReactNode; onClick?: () => void; disabled?: boolean }) => {
      const testId = String((props as Record<string, unknown>)['data-testid']);
      if (props.onClick && !props.disabled) seen.clicks.set(testId, props.onClick);
      return h('button', { 'data-testid': testId, disabled: props.disabled }, props.children);
    },
  };
});
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  api: seen.api,
}));
vi.mock('../../../lib/toast', () => ({ toast: seen.toast }));
// The area's catalogue is loaded below into the translator alone; the app's loader needs a browser.
vi.mock('../i18n', () => ({}));

beforeAll(() => initEnglish(access, meetings));
beforeEach(() => {
  seen.clicks.clear();
  seen.api.mockReset();
  seen.toast.mockReset();
});

/** A meeting in its start window (check-in and ping usable); only the fields the card reads. */
const meeting = {
  id: 31,
  sdt: '2030-05-01T10:00:00.000Z',
  edt: '2030-05-01T10:30:00.000Z',
  status: 'confirmed',
  videoUrl: 'https://video.example/31',
} as unknown as Meeting;
const open: MeetingActions = {
  join: 'shown',
  checkIn: 'shown',
  ping: 'shown',
  cancel: 'hidden',
  reschedule: 'hidden',
};

/** Renders the card's presence buttons and presses one; resolves once the call has settled. */
async function press(testId: 'meet-check-in' | 'meet-ping'): Promise<void> {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  renderHtml(
    createElement(
      QueryClientProvider,
      { client },
      createElement(MeetingPresence, { eventId: 7, meeting, allowed: open }),
    ),
  );
  const onClick = seen.clicks.get(testId);
  expect(onClick, `${testId} is on screen`).toBeDefined();
  onClick?.();
  await vi.waitFor(() => expect(client.isMutating()).toBe(0));
}

describe('meeting check-in and ping failures', () => {
  it('E8.59 a check-in that fails shows an error toast with the reason', async () => {
    seen.api.mockRejectedValue(new ApiError(409, 'MST-00999', 'The meeting was cancelled.'));
    await press('meet-check-in');
    expect(seen.api).toHaveBeenCalledWith('/event/meeting/checkIn', {
      method: 'POST',
      body: { eventId: 7, meetingId: 31 },
    });
    expect(seen.toast).toHaveBeenCalledExactlyOnceWith('error', 'The meeting was cancelled.');
  });

  it('E8.59 a refusal the app knows is said in its own words', async () => {
    seen.api.mockRejectedValue(new ApiError(409, MeetingErrorCode.OutsideStartWindow, 'MST-00608'));
    await press('meet-check-in');
    expect(seen.toast).toHaveBeenCalledExactlyOnceWith('error', 'The meeting has not started yet.');
  });

  it('E8.60 a ping that fails shows an error toast with the reason', async () => {
    seen.api.mockRejectedValue(new ApiError(0, 'NETWORK', 'Please check network connection.'));
    await press('meet-ping');
    expect(seen.api).toHaveBeenCalledWith('/event/meeting/ping', {
      method: 'POST',
      body: { eventId: 7, meetingId: 31 },
    });
    expect(seen.toast).toHaveBeenCalledExactlyOnceWith('error', 'Please check network connection.');
  });

  it('E8.59 E8.60 when they work, a success toast instead (no error)', async () => {
    seen.api.mockResolvedValue(meeting);
    await press('meet-check-in');
    await press('meet-ping');
    expect(seen.toast.mock.calls).toEqual([
      ['success', 'You are checked in to the meeting.'],
      ['success', 'The others were told you are here.'],
    ]);
  });
});
