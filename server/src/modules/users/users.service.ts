import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { isoNow } from '../../lib/clock';
import { countTenantMembers, insertUsers, type NewUser } from './users.store';

export type UsersService = ReturnType<typeof createUsersService>;

/** What other modules need of users; sign-in and sessions stay with the auth module. */
export function createUsersService(deps: Pick<AppDeps, 'db' | 'clock'>) {
  return {
    addToTenant: (trx: Db, tenantId: string, users: NewUser[]) => insertUsers(trx, tenantId, users, isoNow(deps.clock)),
    countTenantMembers: () => countTenantMembers(deps.db),
  };
}
