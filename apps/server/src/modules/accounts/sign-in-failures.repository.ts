import type { Database } from '../../db/database.js'

/** Failed sign-ins per account and client address, counted to slow guessing down. */
export function createSignInFailuresRepository(db: Database) {
  return {
    /** Recent failures of one account from one client address, and when the last one was. */
    async recentSignInFailures(
      email: string,
      clientAddress: string,
      since: Date,
    ): Promise<{ count: number; last: Date | null }> {
      const row = await db
        .selectFrom('sign_in_failures')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('at').as('last')])
        .where('email', '=', email.toLowerCase())
        .where('client_address', '=', clientAddress)
        .where('at', '>', since)
        .executeTakeFirstOrThrow()
      return { count: Number(row.n), last: row.last ? new Date(row.last) : null }
    },

    async recordSignInFailure(email: string, clientAddress: string): Promise<void> {
      await db
        .insertInto('sign_in_failures')
        .values({ email: email.toLowerCase(), client_address: clientAddress })
        .execute()
    },

    /** A success from an address forgets that address's failures; `null` forgets them all. */
    async clearSignInFailures(email: string, clientAddress: string | null): Promise<void> {
      let query = db.deleteFrom('sign_in_failures').where('email', '=', email.toLowerCase())
      if (clientAddress !== null) query = query.where('client_address', '=', clientAddress)
      await query.execute()
    },

    async deleteSignInFailuresBefore(before: Date): Promise<number> {
      const result = await db.deleteFrom('sign_in_failures').where('at', '<', before).executeTakeFirst()
      return Number(result.numDeletedRows)
    },
  }
}
