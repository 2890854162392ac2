/**
 * What other features (auth, registration) may read and write of the user feature's data: accounts
 * by id or address, a new account, its verification, its updatable fields, and the rule that an
 * address belongs to one account. Everything else in user.repository stays the user feature's own.
 */
export {
  dropPendingEmail,
  findUserById,
  findUserByUsername,
  insertUser,
  isEmailTaken,
  markEmailVerified,
  updateUser,
} from './user.repository';
