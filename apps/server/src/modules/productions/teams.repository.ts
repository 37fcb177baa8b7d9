import type { Insertable } from 'kysely'
import type { Database } from '../../db/database.js'
import type { ProductionTeamsTable } from './productions.tables.js'

/** Producers' teams: a producer is in at most one (producers.team_id). */
export function createTeamsRepository(db: Database) {
  return {
    /** Makes the team and puts its owner in it, in one transaction. */
    async insert(row: Insertable<ProductionTeamsTable>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('production_teams').values(row).execute()
        await trx
          .updateTable('producers')
          .set({ team_id: row.id })
          .where('user_id', '=', row.owner_id)
          .execute()
      })
    },
    team(id: string) {
      return db.selectFrom('production_teams').selectAll().where('id', '=', id).executeTakeFirst()
    },
    /** Moves a producer into a team (or out of any, with null). */
    async setTeam(userId: string, teamId: string | null): Promise<void> {
      await db.updateTable('producers').set({ team_id: teamId }).where('user_id', '=', userId).execute()
    },
    /** The team's producers with the name they applied under. */
    members(teamId: string) {
      return db
        .selectFrom('producers')
        .innerJoin('users', 'users.id', 'producers.user_id')
        .leftJoin('producer_applicants', 'producer_applicants.user_id', 'producers.user_id')
        .select([
          'producers.user_id',
          'producers.qualifications',
          'producers.created_at',
          'users.email',
          'producer_applicants.first_name',
        ])
        .where('producers.team_id', '=', teamId)
        .orderBy('producers.created_at')
        .limit(500)
        .execute()
    },
  }
}

export type TeamsRepository = ReturnType<typeof createTeamsRepository>
