import {
  DOMAIN_VERIFICATION_STATES,
  SSO_MAX_CERTIFICATES,
  SSO_MAX_DOMAINS,
  SSO_PROVIDER_TYPES,
} from '@timbre/contract'
import { z } from 'zod'

const domains = z.array(z.string().max(253)).max(SSO_MAX_DOMAINS)
const certificates = z.array(z.string().max(20_000)).max(SSO_MAX_CERTIFICATES)

export const providerBody = z.object({
  type: z.enum(SSO_PROVIDER_TYPES),
  name: z.string().max(100).optional(),
  issuer: z
    .string()
    .max(2000)
    .optional()
    .describe('OIDC: the issuer URL. SAML: the entity id (or use entity_id).'),
  client_id: z.string().max(500).optional(),
  client_secret: z.string().max(2000).optional().describe('Stored encrypted; never returned.'),
  entity_id: z.string().max(2000).optional(),
  sso_url: z.string().max(2000).optional(),
  certificates: certificates.optional(),
  domains,
})

export const providerPatchBody = providerBody.omit({ type: true })

export const providerModel = z
  .object({
    provider_id: z.string(),
    type: z.enum(SSO_PROVIDER_TYPES),
    name: z.string(),
    issuer: z.string(),
    client_id: z.string().optional(),
    has_client_secret: z.boolean(),
    entity_id: z.string().optional(),
    sso_url: z.string().optional(),
    certificates: z.array(z.string()),
    domains: z.array(z.string()),
    sp_entity_id: z.string().optional(),
    acs_url: z.string().optional(),
    redirect_uri: z.string().optional(),
    created_at_unix: z.number(),
  })
  .meta({ id: 'IdentityProvider' })

export const providerParams = z.object({ provider_id: z.string().max(100) })
export const domainParams = z.object({ domain_id: z.string().max(100) })

export const guidanceModel = z.object({ code: z.string(), message: z.string() })

export const domainModel = z
  .object({
    domain_id: z.string(),
    domain: z.string(),
    status: z.enum(DOMAIN_VERIFICATION_STATES),
    verification_record: z.object({ type: z.literal('TXT'), name: z.string(), value: z.string() }),
    last_checked_unix: z.number().nullable(),
    verified_at_unix: z.number().nullable(),
    guidance: guidanceModel.nullable(),
  })
  .meta({ id: 'VerifiedDomain' })

export const settingsModel = z
  .object({
    sso_required: z.boolean(),
    user_auto_provisioning: z.object({
      enabled: z.boolean(),
      enabled_at_unix: z.number().nullable(),
      enabled_by_user_email: z.string().nullable(),
    }),
  })
  .meta({ id: 'SsoSettings' })

export const settingsBody = z.object({
  sso_required: z.boolean().optional(),
  user_auto_provisioning_enabled: z.boolean().optional(),
})

export const findQuery = z.object({ email: z.string().max(320), invite_code: z.string().max(200).optional() })

export const findModel = z.object({
  provider_id: z.string(),
  type: z.enum(SSO_PROVIDER_TYPES),
  name: z.string(),
  sso_required: z.boolean(),
  sign_in_url: z.string(),
})

export const startQuery = z.object({
  provider_id: z.string().max(100),
  email: z.string().max(320).optional(),
  continue: z.string().max(500).optional(),
})
