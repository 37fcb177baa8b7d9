import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/database.js'
import type { DB } from '../../db/schema.js'
import { createSignInStatesRepository } from './sign-in-states.repository.js'
import type { SsoIdentityProvidersTable } from './sso.tables.js'
import { createSsoDomainsRepository } from './sso-domains.repository.js'

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
    ...createSsoDomainsRepository(db),
    ...createSignInStatesRepository(db),
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
  }
}

export type SsoRepository = ReturnType<typeof createSsoRepository>
