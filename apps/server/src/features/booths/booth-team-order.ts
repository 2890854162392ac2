import type { ExpressionBuilder } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * A booth's team in its order: the owner, then admins, then users, then anyone else. Wherever the
 * team is listed (the booth page, the console); kept out of the repositories, so the console's
 * exhibitors may order by it without reading the booths' repository.
 */
export const byBoothRole = (eb: ExpressionBuilder<DB, 'participants'>) =>
  eb
    .case()
    .when('booth_role', '=', 'owner')
    .then(0)
    .when('booth_role', '=', 'admin')
    .then(1)
    .when('booth_role', '=', 'user')
    .then(2)
    .else(3)
    .end();
