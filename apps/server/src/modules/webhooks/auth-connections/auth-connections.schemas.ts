import { WEBHOOK_NAME_MAX } from '@timbre/contract'
import { z } from 'zod'

// The public API's auth-connection bodies (snake_case on the wire). Only the two kinds a
// webhook can use are accepted here: OAuth2 client credentials and mutual TLS.

const PEM_MAX = 64 * 1024
const text = (max: number) =>
  z.string().trim().min(1, 'Please verify all fields are filled out correctly.').max(max)
const headers = z.record(z.string().max(200), z.string().max(4000))

export const connectionParams = z.object({ auth_connection_id: z.string().min(1).max(64) })

const common = { name: text(WEBHOOK_NAME_MAX), provider: text(100) }

export const oauth2Create = z.object({
  auth_type: z.literal('oauth2_client_credentials'),
  ...common,
  client_id: text(500),
  client_secret: text(4000),
  token_url: z.string().max(2048),
  scopes: z.array(z.string().min(1).max(200)).max(50).optional(),
  extra_params: z.record(z.string().max(100), z.string().max(2000)).optional(),
  basic_auth_in_header: z.boolean().optional(),
  custom_headers: headers.optional(),
})

export const mtlsCreate = z.object({
  auth_type: z.literal('mtls'),
  ...common,
  client_certificate: text(PEM_MAX),
  client_key: text(PEM_MAX),
  ca_certificate: z.string().max(PEM_MAX).optional(),
  key_passphrase: z.string().max(1000).optional(),
})

export const createBody = z.discriminatedUnion('auth_type', [oauth2Create, mtlsCreate])

/** OAuth2 connections can be edited in place (the public API's update body); mTLS is replaced. */
export const updateBody = z.object({
  auth_type: z.literal('oauth2_client_credentials'),
  provider: text(100).optional(),
  client_id: text(500).optional(),
  client_secret: text(4000).optional(),
  scopes: z.array(z.string().min(1).max(200)).max(50).optional(),
  extra_params: z.record(z.string().max(100), z.string().max(2000)).optional(),
  basic_auth_in_header: z.boolean().optional(),
  custom_headers: headers.optional(),
})

export const connectionModel = z.object({
  id: z.string(),
  auth_type: z.enum(['oauth2_client_credentials', 'mtls']),
  name: z.string(),
  provider: z.string(),
  client_id: z.string().optional(),
  token_url: z.string().optional(),
  scopes: z.array(z.string()).optional(),
  extra_params: z.record(z.string(), z.string()).optional(),
  basic_auth_in_header: z.boolean().optional(),
  custom_headers: z.record(z.string(), z.string()).optional(),
  status: z.enum(['active', 'refresh_failed', 'revoked', 'credential_invalid']),
  status_detail: z.string().optional(),
  status_updated_at: z.string().optional(),
})
