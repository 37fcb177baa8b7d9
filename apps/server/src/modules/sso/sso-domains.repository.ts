import type { Database } from '../../db/database.js'

/** Domains a workspace claims, proved by a DNS record; a domain passes for one workspace only. */
export function createSsoDomainsRepository(db: Database) {
  return {
    domainsOf(workspaceId: string) {
      return db
        .selectFrom('sso_domains')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    },

    findDomain(workspaceId: string, id: string) {
      return db
        .selectFrom('sso_domains')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('id', '=', id)
        .executeTakeFirst()
    },

    findDomainByName(workspaceId: string, domain: string) {
      return db
        .selectFrom('sso_domains')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .where('domain', '=', domain)
        .executeTakeFirst()
    },

    /** Whether another workspace has already proved this domain. */
    async passedElsewhere(workspaceId: string, domain: string): Promise<boolean> {
      const row = await db
        .selectFrom('sso_domains')
        .select('id')
        .where('domain', '=', domain)
        .where('status', '=', 'passed')
        .where('workspace_id', '<>', workspaceId)
        .executeTakeFirst()
      return row !== undefined
    },

    async isDomainPassed(workspaceId: string, domain: string): Promise<boolean> {
      const row = await db
        .selectFrom('sso_domains')
        .select('id')
        .where('workspace_id', '=', workspaceId)
        .where('domain', '=', domain)
        .where('status', '=', 'passed')
        .executeTakeFirst()
      return row !== undefined
    },

    async insertDomain(d: { id: string; workspaceId: string; domain: string; code: string }): Promise<void> {
      await db
        .insertInto('sso_domains')
        .values({ id: d.id, workspace_id: d.workspaceId, domain: d.domain, verification_code: d.code })
        .execute()
    },

    async setDomainStatus(
      id: string,
      status: 'pending' | 'passed' | 'unknown',
      lastError: string | null,
      at: Date,
    ): Promise<void> {
      await db
        .updateTable('sso_domains')
        .set({
          status,
          last_error: lastError,
          last_checked_at: at,
          verified_at: status === 'passed' ? at : null,
        })
        .where('id', '=', id)
        .execute()
    },

    async deleteDomain(id: string): Promise<void> {
      await db.deleteFrom('sso_domains').where('id', '=', id).execute()
    },
  }
}
