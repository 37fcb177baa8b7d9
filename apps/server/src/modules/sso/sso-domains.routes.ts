import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { verificationRecord } from './domain-dns.js'
import * as s from './sso.schemas.js'
import type { Guidance, SsoService } from './sso.service.js'

const tags = ['sso']
const config = { scope: 'workspace' as const }
const unix = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null)
const STATUS = { pending: 'Pending', passed: 'Passed', unknown: 'Unknown' } as const

type DomainRow = Awaited<ReturnType<SsoService['listDomains']>>[number]
function domainView(d: DomainRow, guidance: Guidance | null = null): z.infer<typeof s.domainModel> {
  return {
    domain_id: d.id,
    domain: d.domain,
    status: STATUS[d.status],
    verification_record: verificationRecord(d.domain, d.verification_code),
    last_checked_unix: unix(d.last_checked_at),
    verified_at_unix: unix(d.verified_at),
    guidance,
  }
}

function settingsView(v: Awaited<ReturnType<SsoService['settings']>>): z.infer<typeof s.settingsModel> {
  return {
    sso_required: v.sso_required,
    user_auto_provisioning: {
      enabled: v.auto_provisioning_enabled,
      enabled_at_unix: unix(v.auto_provisioning_enabled_at),
      enabled_by_user_email: v.auto_provisioning_enabled_by,
    },
  }
}

/** Domains proved by DNS and the workspace's single sign-on settings (admins). */
export function ssoDomainsRoutes(sso: SsoService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/workspace/domains',
      {
        config,
        schema: {
          tags,
          summary: "The workspace's domains and their DNS verification state (admins)",
          response: { 200: z.object({ domains: z.array(s.domainModel) }) },
        },
      },
      async (request) => ({
        domains: (await sso.listDomains(requirePrincipal(request))).map((d) => domainView(d)),
      }),
    )

    app.post(
      '/v1/workspace/domains',
      {
        config,
        schema: {
          tags,
          summary: 'Add a domain to verify; the answer names the TXT record to add (admins)',
          body: z.object({ domain: z.string().max(253) }),
          response: { 200: s.domainModel },
        },
      },
      async (request) => domainView(await sso.addDomain(requirePrincipal(request), request.body.domain)),
    )

    app.post(
      '/v1/workspace/domains/:domain_id/verify',
      {
        config,
        schema: {
          tags,
          summary: 'Look the TXT record up now: Passed, Pending or Unknown, with guidance (admins)',
          params: s.domainParams,
          response: { 200: s.domainModel },
        },
      },
      async (request) => {
        const result = await sso.verifyDomain(requirePrincipal(request), request.params.domain_id)
        return domainView(result.domain, result.guidance)
      },
    )

    app.delete(
      '/v1/workspace/domains/:domain_id',
      {
        config,
        schema: {
          tags,
          summary: 'Remove a domain (admins)',
          params: s.domainParams,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await sso.deleteDomain(requirePrincipal(request), request.params.domain_id)
        return reply.status(204).send(null)
      },
    )

    app.get(
      '/v1/workspace/sso-settings',
      {
        config,
        schema: {
          tags,
          summary: 'Whether SSO is required, and user auto provisioning (admins)',
          response: { 200: s.settingsModel },
        },
      },
      async (request) => settingsView(await sso.settings(requirePrincipal(request))),
    )

    app.patch(
      '/v1/workspace/sso-settings',
      {
        config,
        schema: {
          tags,
          summary: 'Require SSO (email and password refused) or switch auto provisioning (admins)',
          body: s.settingsBody,
          response: { 200: s.settingsModel },
        },
      },
      async (request) => settingsView(await sso.updateSettings(requirePrincipal(request), request.body)),
    )
  }
}
