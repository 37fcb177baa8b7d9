// The single sign-on calls of the web app: finding a provider for an email, and the workspace
// admin's identity provider, verified domains and SSO settings.
import type { components } from '@timbre/contract'
import { client, settle } from '../../lib/api'

export type IdentityProvider = components['schemas']['IdentityProvider']
export type VerifiedDomain = components['schemas']['VerifiedDomain']
export type SsoSettings = components['schemas']['SsoSettings']

export interface ProviderForm {
  type: 'oidc' | 'saml'
  name?: string
  issuer?: string
  client_id?: string
  client_secret?: string
  entity_id?: string
  sso_url?: string
  certificates?: string[]
  domains: string[]
}

export const findSsoProvider = (email: string) =>
  settle(client.GET('/v1/find-sso-provider', { params: { query: { email } } }))

export const listIdentityProviders = () => settle(client.GET('/v1/identity-providers'))
export const createIdentityProvider = (body: ProviderForm) =>
  settle(client.POST('/v1/identity-providers', { body }))
export const updateIdentityProvider = (id: string, body: Omit<ProviderForm, 'type'>) =>
  settle(
    client.PATCH('/v1/identity-providers/{provider_id}', { params: { path: { provider_id: id } }, body }),
  )
export const deleteIdentityProvider = (id: string) =>
  settle(client.DELETE('/v1/identity-providers/{provider_id}', { params: { path: { provider_id: id } } }))

export const listDomains = () => settle(client.GET('/v1/workspace/domains'))
export const addDomain = (domain: string) =>
  settle(client.POST('/v1/workspace/domains', { body: { domain } }))
export const verifyDomain = (id: string) =>
  settle(client.POST('/v1/workspace/domains/{domain_id}/verify', { params: { path: { domain_id: id } } }))
export const deleteDomain = (id: string) =>
  settle(client.DELETE('/v1/workspace/domains/{domain_id}', { params: { path: { domain_id: id } } }))

export const getSsoSettings = () => settle(client.GET('/v1/workspace/sso-settings'))
export const updateSsoSettings = (body: {
  sso_required?: boolean
  user_auto_provisioning_enabled?: boolean
}) => settle(client.PATCH('/v1/workspace/sso-settings', { body }))
