import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import type { SsoIdentityProvidersTable } from './sso.tables.js'

export type ProviderRow = {
  [K in keyof SsoIdentityProvidersTable]: K extends 'certificates' | 'domains'
    ? string[]
    : K extends 'created_at' | 'updated_at'
      ? Date
      : SsoIdentityProvidersTable[K]
}

export interface NewProvider {
  id: string
  workspaceId: string
  type: 'oidc' | 'saml'
  name: string
  issuer: string
  clientId: string
  clientSecretSealed: string | null
  ssoUrl: string | null
  certificates: string[]
  domains: string[]
}

const lowerEmailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase()

export function createSsoRepository(db: Database) {
  return {
    transaction<T>(fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      return db.transaction().execute(fn)
    },

    // identity providers

    providersOf(workspaceId: string) {
      return db
        .selectFrom('sso_identity_providers')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .execute() as Promise<ProviderRow[]>
    },

    findProvider(id: string, workspaceId?: string) {
      let query = db.selectFrom('sso_identity_providers').selectAll().where('id', '=', id)
      if (workspaceId) query = query.where('workspace_id', '=', workspaceId)
      return query.executeTakeFirst() as Promise<ProviderRow | undefined>
    },

    async insertProvider(p: NewProvider): Promise<void> {
      await db
        .insertInto('sso_identity_providers')
        .values({
          id: p.id,
          workspace_id: p.workspaceId,
          type: p.type,
          name: p.name,
          issuer: p.issuer,
          client_id: p.clientId,
          client_secret_sealed: p.clientSecretSealed,
          sso_url: p.ssoUrl,
          certificates: p.certificates,
          domains: p.domains,
        })
        .execute()
    },

    async updateProvider(id: string, p: Omit<NewProvider, 'id' | 'workspaceId' | 'type'>): Promise<void> {
      await db
        .updateTable('sso_identity_providers')
        .set({
          name: p.name,
          issuer: p.issuer,
          client_id: p.clientId,
          client_secret_sealed: p.clientSecretSealed,
          sso_url: p.ssoUrl,
          certificates: p.certificates,
          domains: p.domains,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute()
    },

    async deleteProvider(trx: Transaction<DB>, id: string): Promise<void> {
      await trx.deleteFrom('sso_identity_providers').where('id', '=', id).execute()
    },

    /**
     * The provider that signs in an email address: one whose domains list the address's domain,
     * in a workspace that has proved that domain.
     */
    providerForEmail(email: string) {
      const domain = lowerEmailDomain(email)
      return db
        .selectFrom('sso_identity_providers as p')
        .innerJoin('sso_domains as d', (join) =>
          join.onRef('d.workspace_id', '=', 'p.workspace_id').on('d.status', '=', 'passed'),
        )
        .selectAll('p')
        .where('d.domain', '=', domain)
        .where(sql<boolean>`${domain} = any(p.domains)`)
        .executeTakeFirst() as Promise<ProviderRow | undefined>
    },

    // verified domains

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

    // settings

    settings(workspaceId: string) {
      return db
        .selectFrom('sso_settings')
        .selectAll()
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirst()
    },

    async saveSettings(
      workspaceId: string,
      s: {
        sso_required: boolean
        auto_provisioning_enabled: boolean
        auto_provisioning_enabled_at: Date | null
        auto_provisioning_enabled_by: string | null
      },
    ): Promise<void> {
      await db
        .insertInto('sso_settings')
        .values({ workspace_id: workspaceId, ...s })
        .onConflict((oc) => oc.column('workspace_id').doUpdateSet(s))
        .execute()
    },

    async clearSsoRequired(trx: Transaction<DB>, workspaceId: string): Promise<void> {
      await trx
        .updateTable('sso_settings')
        .set({ sso_required: false })
        .where('workspace_id', '=', workspaceId)
        .execute()
    },

    /**
     * Whether a user belongs to a workspace that requires single sign-on (with a provider set
     * up), other than as its owner: the owner keeps email and password so a broken identity
     * provider cannot lock everyone out.
     */
    async ssoRequiredFor(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('workspace_members as m')
        .innerJoin('sso_settings as s', 's.workspace_id', 'm.workspace_id')
        .innerJoin('sso_identity_providers as p', 'p.workspace_id', 'm.workspace_id')
        .innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
        .select('m.workspace_id')
        .where('m.user_id', '=', userId)
        .where('s.sso_required', '=', true)
        .where('w.owner_id', '<>', userId)
        .executeTakeFirst()
      return row !== undefined
    },

    // identities and sign-in states

    async identityUser(providerId: string, subject: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('sso_identities')
        .select('user_id')
        .where('provider_id', '=', providerId)
        .where('subject', '=', subject)
        .executeTakeFirst()
      return row?.user_id
    },

    async linkIdentity(
      trx: Transaction<DB>,
      providerId: string,
      subject: string,
      userId: string,
    ): Promise<void> {
      await trx
        .insertInto('sso_identities')
        .values({ provider_id: providerId, subject, user_id: userId })
        .onConflict((oc) => oc.columns(['provider_id', 'subject']).doNothing())
        .execute()
    },

    async insertState(s: {
      id: string
      providerId: string
      codeVerifier: string | null
      nonce: string | null
      requestId: string | null
      redirectUri: string
      continuePath: string | null
      expiresAt: Date
    }): Promise<void> {
      await db
        .insertInto('sso_sign_in_states')
        .values({
          id: s.id,
          provider_id: s.providerId,
          code_verifier: s.codeVerifier,
          nonce: s.nonce,
          request_id: s.requestId,
          redirect_uri: s.redirectUri,
          continue_path: s.continuePath,
          expires_at: s.expiresAt,
        })
        .execute()
    },

    findState(id: string) {
      return db.selectFrom('sso_sign_in_states').selectAll().where('id', '=', id).executeTakeFirst()
    },

    /** Marks a state used; false when another request used it first. */
    async useState(id: string, at: Date): Promise<boolean> {
      const result = await db
        .updateTable('sso_sign_in_states')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async deleteStaleStates(before: Date): Promise<void> {
      await db.deleteFrom('sso_sign_in_states').where('expires_at', '<', before).execute()
    },
  }
}

export type SsoRepository = ReturnType<typeof createSsoRepository>
