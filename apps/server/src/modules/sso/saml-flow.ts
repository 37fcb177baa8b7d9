import type { CacheProvider } from '@node-saml/node-saml'
import { AppError } from '../../errors.js'

export interface SamlProviderConfig {
  /** The identity provider's entity id (the Issuer of its responses). */
  idpEntityId: string
  ssoUrl: string
  certificates: string[]
  /** This site's entity id for the workspace (the audience of the assertions). */
  spEntityId: string
  acsUrl: string
}

export interface SamlClaims {
  subject: string
  email: string
  name: string | null
}

const EMAIL_ATTRIBUTES = ['email', 'mail', 'urn:oid:0.9.2342.19200300.100.1.3', 'emailAddress']

/**
 * SAML 2.0 through node-saml: the response or its assertion must carry a valid signature by one
 * of the provider's certificates, come from its entity id, be addressed to this site, be inside
 * its validity window, and answer the one request this sign-in sent (InResponseTo).
 */
export function createSamlFlow() {
  async function saml(provider: SamlProviderConfig, expectedRequestId: string | null, requestId?: string) {
    // node-saml (and its XML stack) is loaded on the first SAML sign-in, not at start.
    const { SAML, ValidateInResponseTo } = await import('@node-saml/node-saml')
    // The request id is kept in our sign-in state, not node-saml's memory cache, so any replica
    // can take the answer: the cache only has to confirm the one id this sign-in expects (the
    // state's own expiry bounds its age, so it reads as issued now).
    const cache: CacheProvider = {
      saveAsync: async (_key, value) => ({ value, createdAt: Date.now() }),
      getAsync: async (key) =>
        expectedRequestId !== null && key === expectedRequestId ? new Date().toISOString() : null,
      removeAsync: async (key) => key,
    }
    return new SAML({
      entryPoint: provider.ssoUrl,
      issuer: provider.spEntityId,
      callbackUrl: provider.acsUrl,
      idpCert: provider.certificates,
      idpIssuer: provider.idpEntityId,
      audience: provider.spEntityId,
      wantAssertionsSigned: true,
      wantAuthnResponseSigned: false,
      validateInResponseTo: ValidateInResponseTo.always,
      cacheProvider: cache,
      acceptedClockSkewMs: 5000,
      identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      ...(requestId ? { generateUniqueId: () => requestId } : {}),
    })
  }

  return {
    async start(provider: SamlProviderConfig, input: { relayState: string; requestId: string }) {
      return (await saml(provider, null, input.requestId)).getAuthorizeUrlAsync(
        input.relayState,
        undefined,
        {},
      )
    },

    async finish(
      provider: SamlProviderConfig,
      input: { samlResponse: string; relayState: string; requestId: string },
    ): Promise<SamlClaims> {
      let profile: Record<string, unknown> | null
      try {
        const result = await (await saml(provider, input.requestId)).validatePostResponseAsync({
          SAMLResponse: input.samlResponse,
          RelayState: input.relayState,
        })
        profile = result.profile as Record<string, unknown> | null
      } catch {
        throw new AppError('sso_sign_in_failed')
      }
      if (!profile) throw new AppError('sso_sign_in_failed')
      const nameId = typeof profile.nameID === 'string' ? profile.nameID : ''
      const attribute = EMAIL_ATTRIBUTES.map((a) => profile[a]).find((v) => typeof v === 'string') as
        | string
        | undefined
      const email = attribute ?? (nameId.includes('@') ? nameId : undefined)
      if (!email || !nameId) throw new AppError('sso_sign_in_failed')
      const display = profile.displayName ?? profile.name
      return { subject: nameId, email, name: typeof display === 'string' ? display : null }
    },

    async metadata(
      provider: Pick<SamlProviderConfig, 'spEntityId' | 'acsUrl' | 'certificates' | 'ssoUrl' | 'idpEntityId'>,
    ) {
      return (await saml(provider, null)).generateServiceProviderMetadata(null, null)
    },
  }
}

export type SamlFlow = ReturnType<typeof createSamlFlow>
