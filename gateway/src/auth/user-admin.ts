import { sql } from 'kysely';
import type { z } from 'zod';
import type { AdminUpdateUserBodySchema, AdminUser, AdminUsersQuerySchema } from '@pitchside/shared/auth';
import { PitchsideError } from '@pitchside/shared/errors';
import type { Db } from '../db/db.ts';
import { audit } from './audit-log.ts';
import { toAdminUser } from './auth-user.ts';
import type { AuthContext } from './require-user.ts';
import type { SessionRevocations } from './session-revocations.ts';
import { revokeSessions } from './session-store.ts';
import type { RequestContext } from './social/social-profile.ts';
import { identitiesOf, userById } from './user-rows.ts';

/** The operators' side of the accounts: who holds a scope, the user list, disabling and scopes. */
export class UserAdmin {
  constructor(
    private readonly db: Db,
    private readonly revocations: SessionRevocations,
  ) {}

  async holdsScope(userId: string, scope: string): Promise<boolean> {
    const user = await userById(this.db, userId);
    return !!user && !user.disabled && user.scope.includes(scope);
  }

  async list(query: z.infer<typeof AdminUsersQuerySchema>): Promise<{ users: AdminUser[]; total: number }> {
    // ILIKE wildcards in the query are matched literally.
    const pattern = query.query ? `%${query.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const matching = this.db.sql
      .selectFrom('users')
      .$if(pattern !== null, (q) =>
        q.where((eb) => eb.or([eb('email', 'ilike', pattern!), eb('display_name', 'ilike', pattern!)])),
      );
    const users = await matching
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    const count = await matching.select(sql<number>`count(*)::int`.as('total')).executeTakeFirst();
    const identities = await identitiesOf(
      this.db,
      users.map((u) => u.id),
    );
    return { users: users.map((u) => toAdminUser(u, identities)), total: count?.total ?? 0 };
  }

  /** Disabling a user ends their sessions at once. */
  async update(
    actor: AuthContext,
    userId: string,
    body: z.infer<typeof AdminUpdateUserBodySchema>,
    context: RequestContext,
  ): Promise<AdminUser> {
    const { user, revoked } = await this.db.transaction(async (tx) => {
      const user = await tx.sql
        .updateTable('users')
        .set((eb) => ({
          disabled: body.disabled ?? eb.ref('disabled'),
          scope: body.scope ? [...new Set(body.scope)] : eb.ref('scope'),
        }))
        .where('id', '=', userId)
        .returningAll()
        .executeTakeFirst();
      if (!user) throw new PitchsideError('resource:not-found', 'No user has this id.');
      const revoked = body.disabled ? await revokeSessions(tx, { userId, reason: 'disabled' }) : [];
      await audit(tx, 'user.updated-by-admin', {
        userId,
        ip: context.ip,
        detail: { by: actor.userId, disabled: body.disabled, scope: body.scope },
      });
      return { user, revoked };
    });
    await this.revocations.revoke(revoked);
    return toAdminUser(user, await identitiesOf(this.db, [user.id]));
  }
}
