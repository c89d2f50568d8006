// The users module as other modules see it.
export type { UsersService } from './users.service';
export type { Role, UserRow } from './users.repository';
export { accountRefOf } from './users.repository';
// Still imported from users.service.ts by assessments and scales; new code takes it from lib/sql.
export { likeEscape } from '../../lib/sql';
/**
 * The table, for reading only: other modules' repositories join it for names and avatars
 * (and assessments, scales use it until they are reshaped). Accounts change only through
 * the users service.
 */
export { users } from './users.table';
