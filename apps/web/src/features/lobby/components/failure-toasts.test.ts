import type { Announcement, Comment, PostViewer } from '@foyer/contract';
import { createElement, type ReactElement, type ReactNode } from 'react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import access from '../../../i18n/locales/en/access.json';
import lobby from '../../../i18n/locales/en/lobby.json';
import { initEnglish, renderHtml } from '../../../lib/render.testing';
import type { useCommentMutations } from '../api/announcements';
import { AnnouncementMenu } from './announcement-menu';
import { CommentItem } from './comment-item';

/** What a mutation was asked to do: its argument and the handlers the component passed with it. */
type MutateCall = [unknown, { onSuccess?(): void; onError(error: Error): void }];

const seen = vi.hoisted(() => ({
  clicks: new Map<string, () => void>(),
  confirm: null as { onConfirm(): void } | null,
  remove: vi.fn(),
  hide: vi.fn(),
  toast: vi.fn(),
}));

// Rendered in node: the menu's items inline, and each clickable element's handler kept by test id
// so a test can press it.
vi.mock('@mantine/core', async (importOriginal) => {
  const core = await importOriginal<typeof import('@mantine/core')>();
  const { createElement: h, Fragment } = await import('react');
  const pressable =
    (tag: string) => (props: { children?: ReactNode; onClick?: () => void; 'data-testid'?: string }) => {
      const testId = props['data-testid'];
      if (testId && props.onClick) seen.clicks.set(testId, props.onClick);
      return h(tag, { 'data-testid': testId }, props.children);
    };
  const Menu = Object.assign((props: { children?: ReactNode }) => h(Fragment, null, props.children), {
    Target: (props: { children?: ReactNode }) => h(Fragment, null, props.children),
    Dropdown: (props: { children?: ReactNode }) => h(Fragment, null, props.children),
    Item: pressable('button'),
  });
  return { ...core, Menu, ActionIcon: pressable('button') };
});
vi.mock('@mantine/modals', () => ({
  modals: {
    openConfirmModal: (options: { onConfirm(): void }) => {
      seen.confirm = options;
    },
  },
}));
vi.mock('../api/announcements', () => ({
  useDeleteAnnouncement: () => ({ mutate: seen.remove }),
  useHideAnnouncement: () => ({ mutate: seen.hide }),
}));
vi.mock('../../../lib/toast', () => ({ toast: seen.toast }));
// The area's catalogue is loaded below into the translator alone; the app's loader needs a browser.
vi.mock('../i18n', () => ({}));
vi.mock('./author-line', () => ({ AuthorLine: () => null }));

beforeAll(() => initEnglish(access, lobby));
beforeEach(() => {
  seen.clicks.clear();
  seen.confirm = null;
  seen.remove.mockReset();
  seen.hide.mockReset();
  seen.toast.mockReset();
});

const author: PostViewer = { participantId: 5, moderator: false };

const post: Announcement = {
  id: 40,
  type: 'announcement',
  eventId: 7,
  participantId: 5,
  author: null,
  official: false,
  text: 'Coffee in hall B',
  files: [],
  postAt: null,
  published: true,
  createdAt: '2030-05-01T08:00:00.000Z',
  updatedAt: '2030-05-01T08:00:00.000Z',
  comments: [],
  commentCount: 0,
};

const comment: Comment = {
  id: 41,
  type: 'comment',
  parentId: 40,
  eventId: 7,
  text: 'See you there',
  participantId: 5,
  author: null,
  createdAt: '2030-05-01T09:00:00.000Z',
  updatedAt: '2030-05-01T09:00:00.000Z',
};

const render = (element: ReactElement) => renderHtml(element);

/** Presses the element with this test id, as rendered last. */
function press(testId: string): void {
  const onClick = seen.clicks.get(testId);
  expect(onClick, `${testId} is on screen`).toBeDefined();
  onClick?.();
}

describe('lobby failure toasts', () => {
  it('E8.39 an announcement delete that fails shows an error toast with the reason', () => {
    render(createElement(AnnouncementMenu, { post, viewer: author, onEdit: () => {} }));
    press('announcement-delete');
    seen.confirm?.onConfirm();
    expect(seen.remove).toHaveBeenCalledTimes(1);
    const [id, handlers] = seen.remove.mock.calls[0] as MutateCall;
    expect(id).toBe(40);
    expect(seen.toast).not.toHaveBeenCalled();

    handlers.onError(new Error('The post is gone.'));
    expect(seen.toast).toHaveBeenCalledExactlyOnceWith(
      'error',
      'The announcement could not be deleted. The post is gone.',
    );
  });

  it('E8.40 a comment delete that fails shows an error toast with the reason', () => {
    const del = vi.fn();
    const mutations = {
      add: { mutate: vi.fn(), isPending: false },
      edit: { mutate: vi.fn(), isPending: false },
      del: { mutate: del, isPending: false, variables: undefined },
    } as unknown as ReturnType<typeof useCommentMutations>;
    render(createElement(CommentItem, { comment, viewer: author, mutations }));
    press('comment-delete');
    expect(del).toHaveBeenCalledTimes(1);
    const [id, handlers] = del.mock.calls[0] as MutateCall;
    expect(id).toBe(41);
    expect(seen.toast).not.toHaveBeenCalled();

    handlers.onError(new Error('Too late.'));
    expect(seen.toast).toHaveBeenCalledExactlyOnceWith(
      'error',
      'The comment could not be deleted. Too late.',
    );
  });
});
