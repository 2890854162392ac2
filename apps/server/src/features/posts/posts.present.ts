import type { Announcement, Comment, PersonSummary } from '@foyer/contract';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import type { AuthorRow, PostRow } from './posts.repository';
import * as repo from './posts.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

export function toAuthor(p: AuthorRow | undefined): PersonSummary | null {
  if (!p || p.state === 'deleted') return null; // E3.04
  return {
    id: p.id,
    name: p.name,
    surname: p.surname,
    fullName: `${p.name} ${p.surname}`.trim(),
    jobTitle: p.job_title,
    company: p.company,
    profilePhoto: p.profile_photo,
    boothId: p.booth_role === 'not_confirmed' ? null : p.booth_id,
  };
}

export function toComment(row: PostRow, authors: Map<number, AuthorRow>): Comment {
  return {
    id: row.id,
    type: 'comment',
    parentId: row.parent_id as number,
    eventId: row.event_id,
    text: row.text,
    participantId: row.participant_id,
    author: toAuthor(authors.get(row.participant_id)),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function toAnnouncement(
  row: PostRow,
  comments: PostRow[],
  authors: Map<number, AuthorRow>,
): Announcement {
  return {
    id: row.id,
    type: 'announcement',
    eventId: row.event_id,
    participantId: row.participant_id,
    author: toAuthor(authors.get(row.participant_id)),
    official: row.official,
    text: row.text,
    files: row.files,
    postAt: row.post_at ? iso(row.post_at) : null,
    published: row.published_at !== null,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    comments: comments.map((c) => toComment(c, authors)),
    commentCount: comments.length,
  };
}

/** `db`: the transaction when presenting inside one (PGlite: never `ctx.db` while holding one). */
export async function present(
  ctx: AppContext,
  rows: repo.PostRow[],
  db: Executor = ctx.db,
): Promise<Announcement[]> {
  const comments = await repo.commentsOf(
    db,
    rows.map((r) => r.id),
  );
  const authors = await repo.authorsOf(
    db,
    [...rows, ...comments].map((r) => r.participant_id),
  );
  const byId = new Map(authors.map((a) => [a.id, a]));
  return rows.map((row) =>
    toAnnouncement(
      row,
      comments.filter((c) => c.parent_id === row.id),
      byId,
    ),
  );
}

export async function presentComment(db: Executor, row: repo.PostRow): Promise<Comment> {
  const authors = await repo.authorsOf(db, [row.participant_id]);
  return toComment(row, new Map(authors.map((a) => [a.id, a])));
}
