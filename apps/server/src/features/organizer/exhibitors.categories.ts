import type { ConsoleBoothCategory, createBoothCategoryRequest } from '@foyer/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import * as repo from './exhibitors.repository';
import { fieldError } from './exhibitors.service';
import { requireConsole } from './organizer.access';

/** The console's exhibitors area (issue 12, part 5): booth categories. */

const toCategory = (
  row: { id: number; name: string; parent_id: number | null },
  boothCount = 0,
): ConsoleBoothCategory => ({ id: row.id, name: row.name, parentId: row.parent_id, boothCount });

export async function listBoothCategories(ctx: AppContext, userId: number, eventId: number) {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  const rows = await repo.listBoothCategories(ctx.db, eventId);
  return rows.map((row) => toCategory(row, Number(row.booth_count ?? 0)));
}

export async function createBoothCategory(
  ctx: AppContext,
  userId: number,
  eventId: number,
  input: z.output<typeof createBoothCategoryRequest>,
): Promise<ConsoleBoothCategory> {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  const parentId = input.parentId ?? null;
  // The parent held until the insert commits: one deleted meanwhile is "no such parent", not a 500.
  const row = await ctx.db.transaction().execute(async (trx) => {
    if (parentId !== null) {
      const parent = await repo.findBoothCategory(trx, eventId, parentId, 'keep');
      if (!parent || parent.parent_id !== null) {
        throw fieldError('parentId', 'validation.error.option', 'parentId: not a top-level booth category');
      }
    }
    return repo.insertBoothCategory(trx, eventId, input.name, parentId);
  });
  return toCategory(row);
}

async function categoryOf(ctx: AppContext, eventId: number, categoryId: number) {
  const category = await repo.findBoothCategory(ctx.db, eventId, categoryId);
  if (!category) throw AppError.notFound('Booth category not found');
  return category;
}

export async function renameBoothCategory(
  ctx: AppContext,
  userId: number,
  eventId: number,
  categoryId: number,
  name: string,
): Promise<ConsoleBoothCategory> {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  await categoryOf(ctx, eventId, categoryId);
  const categories = await repo.listBoothCategories(ctx.db, eventId);
  const count = Number(categories.find((c) => c.id === categoryId)?.booth_count ?? 0);
  // Deleted since the check above (another organizer): gone, not a server error.
  const renamed = await repo.renameBoothCategory(ctx.db, categoryId, name);
  if (!renamed) throw AppError.notFound('Category not found');
  return toCategory(renamed, count);
}

export async function deleteBoothCategory(
  ctx: AppContext,
  userId: number,
  eventId: number,
  categoryId: number,
): Promise<{ removed: number }> {
  await requireConsole(ctx.db, eventId, userId, 'exhibitors');
  await categoryOf(ctx, eventId, categoryId);
  await ctx.db.transaction().execute((trx) => repo.deleteBoothCategory(trx, eventId, categoryId));
  return { removed: categoryId };
}
