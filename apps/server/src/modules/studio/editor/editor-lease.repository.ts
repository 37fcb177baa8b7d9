import { sql } from 'kysely'
import type { Database } from '../../../db/database.js'

export function createEditorLeaseRepository(db: Database) {
  return {
    /**
     * Takes or renews a project's lease for `holder` until `seconds` from now; refused (false)
     * while another holder's lease has not run out. One statement, so two editors racing for a
     * free lease cannot both get it.
     */
    async take(projectId: string, holder: string, userId: string, seconds: number): Promise<boolean> {
      const expires = sql<Date>`now() + make_interval(secs => ${seconds})`
      const taken = await db
        .insertInto('studio_editor_leases')
        .values({ project_id: projectId, holder, user_id: userId, expires_at: expires })
        .onConflict((oc) =>
          oc
            .column('project_id')
            .doUpdateSet({ holder, user_id: userId, expires_at: expires })
            .where((eb) =>
              eb.or([
                eb('studio_editor_leases.holder', '=', holder),
                eb('studio_editor_leases.expires_at', '<', sql<Date>`now()`),
              ]),
            ),
        )
        .returning('holder')
        .executeTakeFirst()
      return taken?.holder === holder
    },

    /** Gives a lease up (a closed editor), so the next editor need not wait for it to run out. */
    async release(projectId: string, holder: string): Promise<void> {
      await db
        .deleteFrom('studio_editor_leases')
        .where('project_id', '=', projectId)
        .where('holder', '=', holder)
        .execute()
    },
  }
}

export type EditorLeaseRepository = ReturnType<typeof createEditorLeaseRepository>
