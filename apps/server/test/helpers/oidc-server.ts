import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider from 'oidc-provider'

export interface OidcAccount {
  sub: string
  email: string
  email_verified?: boolean
  name?: string
}

/**
 * A real OpenID Connect provider (oidc-provider) on http://127.0.0.1 with one confidential
 * client. Its development login form accepts any password: the login is the account id.
 */
export async function startOidcServer(options: {
  clientId: string
  clientSecret: string
  redirectUris: string[]
  accounts: Map<string, OidcAccount>
}) {
  const server: Server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['test-cookie-key-not-secret'] },
    async findAccount(_ctx: unknown, id: string) {
      const account = options.accounts.get(id)
      if (!account) return undefined
      return { accountId: id, claims: async () => ({ ...account }) }
    },
  })
  server.on('request', provider.callback())
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
