import type { Insertable, Selectable } from 'kysely'
import type { Database } from '../../db/database.js'
import type { ProducerApplicantsTable, ProducerUploadsTable } from './productions.tables.js'

export type ApplicantRow = Selectable<ProducerApplicantsTable>

export function createProducersRepository(db: Database) {
  return {
    async insertUpload(row: Insertable<ProducerUploadsTable>) {
      await db.insertInto('producer_uploads').values(row).execute()
    },
    upload(userId: string, id: string, kind: string) {
      return db
        .selectFrom('producer_uploads')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .where('kind', '=', kind)
        .executeTakeFirst()
    },
    /** False when this user already applied. */
    async insertApplicant(row: Insertable<ProducerApplicantsTable>): Promise<boolean> {
      const done = await db
        .insertInto('producer_applicants')
        .values(row)
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('id')
        .executeTakeFirst()
      return done !== undefined
    },
    applicantOf(userId: string) {
      return db.selectFrom('producer_applicants').selectAll().where('user_id', '=', userId).executeTakeFirst()
    },
    applicant(id: string) {
      return db.selectFrom('producer_applicants').selectAll().where('id', '=', id).executeTakeFirst()
    },
    applicants(status: string | null) {
      let query = db.selectFrom('producer_applicants').selectAll()
      if (status) query = query.where('status', '=', status)
      return query.orderBy('created_at').limit(500).execute()
    },
    /** Decides a pending application; an approval makes the user a producer in the same transaction. */
    async decide(
      id: string,
      decision: { status: 'approved' | 'rejected'; reviewerId: string; at: Date },
      producer: { userId: string; qualifications: unknown } | null,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('producer_applicants')
          .set({ status: decision.status, reviewer_id: decision.reviewerId, reviewed_at: decision.at })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) === 0) return false
        if (producer) {
          await trx
            .insertInto('producers')
            .values({
              user_id: producer.userId,
              qualifications: JSON.stringify(producer.qualifications),
              team_id: null,
              created_at: decision.at,
            })
            .onConflict((oc) => oc.column('user_id').doNothing())
            .execute()
        }
        return true
      })
    },
    producer(userId: string) {
      return db
        .selectFrom('producers')
        .innerJoin('users', 'users.id', 'producers.user_id')
        .selectAll('producers')
        .select(['users.email'])
        .where('producers.user_id', '=', userId)
        .executeTakeFirst()
    },
    async setQualifications(userId: string, qualifications: unknown): Promise<boolean> {
      const result = await db
        .updateTable('producers')
        .set({ qualifications: JSON.stringify(qualifications) })
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) > 0
    },
    userByEmail(email: string) {
      return db
        .selectFrom('users')
        .select(['id', 'email'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst()
    },
  }
}

export type ProducersRepository = ReturnType<typeof createProducersRepository>
