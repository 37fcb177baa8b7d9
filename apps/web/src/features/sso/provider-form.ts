import type { IdentityProvider, ProviderForm } from './sso-api'

export interface ProviderDraft {
  type: 'oidc' | 'saml'
  name: string
  issuer: string
  clientId: string
  clientSecret: string
  entityId: string
  ssoUrl: string
  certificates: string
  domains: string
}

export function draftFrom(provider: IdentityProvider | null): ProviderDraft {
  return {
    type: provider?.type ?? 'oidc',
    name: provider?.name ?? '',
    issuer: provider?.type === 'oidc' ? provider.issuer : '',
    clientId: provider?.client_id ?? '',
    clientSecret: '',
    entityId: provider?.entity_id ?? '',
    ssoUrl: provider?.sso_url ?? '',
    certificates: (provider?.certificates ?? []).join('\n\n'),
    domains: (provider?.domains ?? []).join(', '),
  }
}

/** Domains typed separated by commas, spaces or new lines. */
export function splitDomains(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((d) => d.trim())
    .filter(Boolean)
}

/** PEM certificates pasted one after another. */
export function splitCertificates(text: string): string[] {
  return (
    text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ??
    (text.trim() ? [text.trim()] : [])
  )
}

export function formFrom(draft: ProviderDraft): ProviderForm {
  const common = {
    type: draft.type,
    name: draft.name.trim() || undefined,
    domains: splitDomains(draft.domains),
  }
  if (draft.type === 'oidc')
    return {
      ...common,
      issuer: draft.issuer.trim(),
      client_id: draft.clientId.trim(),
      ...(draft.clientSecret ? { client_secret: draft.clientSecret } : {}),
    }
  return {
    ...common,
    entity_id: draft.entityId.trim(),
    sso_url: draft.ssoUrl.trim(),
    certificates: splitCertificates(draft.certificates),
  }
}
