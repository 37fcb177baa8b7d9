import type { Insertable } from 'kysely'
import { sql } from 'kysely'
import type { Database } from '../../db/database.js'
import type { ImpactApplicationsTable, ImpactPartnersTable } from './impact.tables.js'

export function createImpactRepository(db: Database) {
  const applications = () =>
    db
      .selectFrom('impact_applications')
      .innerJoin('impact_partners', 'impact_partners.id', 'impact_applications.partner_id')
      .innerJoin('users', 'users.id', 'impact_applications.user_id')
      .selectAll('impact_applications')
      .select(['impact_partners.name as partner_name', 'users.email as applicant_email'])
  return {
    async insertPartner(row: Insertable<ImpactPartnersTable>) {
      await db.insertInto('impact_partners').values(row).execute()
    },
    partners() {
      return db.selectFrom('impact_partners').selectAll().orderBy('name').execute()
    },
    partner(id: string) {
      return db.selectFrom('impact_partners').selectAll().where('id', '=', id).executeTakeFirst()
    },
    existing(userId: string, partnerId: string) {
      return db
        .selectFrom('impact_applications')
        .selectAll()
        .where('user_id', '=', userId)
        .where('partner_id', '=', partnerId)
        .executeTakeFirst()
    },
    /** False when the user already applied to this partner. */
    async insertApplication(row: Insertable<ImpactApplicationsTable>): Promise<boolean> {
      const done = await db
        .insertInto('impact_applications')
        .values(row)
        .onConflict((oc) => oc.columns(['user_id', 'partner_id']).doNothing())
        .returning('id')
        .executeTakeFirst()
      return done !== undefined
    },
    /** The applicant's answer to a request for more: pending again. */
    async answer(id: string, organisation: string, statement: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('impact_applications')
        .set({ organisation, statement, status: 'pending', updated_at: at })
        .where('id', '=', id)
        .where('status', '=', 'more_info_requested')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
    ofUser(userId: string) {
      return applications()
        .where('impact_applications.user_id', '=', userId)
        .orderBy('impact_applications.created_at', 'desc')
        .execute()
    },
    ofReviewer(email: string) {
      return applications()
        .where(sql<string>`lower(impact_partners.reviewer_email)`, '=', email.toLowerCase())
        .orderBy('impact_applications.created_at', 'desc')
        .execute()
    },
    withPartner(id: string) {
      return db
        .selectFrom('impact_applications')
        .innerJoin('impact_partners', 'impact_partners.id', 'impact_applications.partner_id')
        .selectAll('impact_applications')
        .select([
          'impact_partners.reviewer_email',
          'impact_partners.benefit_tier',
          'impact_partners.benefit_months',
        ])
        .where('impact_applications.id', '=', id)
        .executeTakeFirst()
    },
    /** Records a decision on an application still open; false when it was decided meanwhile. */
    async decide(
      id: string,
      patch: { status: string; review_message: string | null; grant_code: string | null; updated_at: Date },
    ): Promise<boolean> {
      const result = await db
        .updateTable('impact_applications')
        .set(patch)
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'more_info_requested'])
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
  }
}

export type ImpactRepository = ReturnType<typeof createImpactRepository>
