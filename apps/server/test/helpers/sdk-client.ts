import { ElevenLabsClient, ElevenLabsError } from '@elevenlabs/elevenlabs-js'
import type { FastifyInstance } from 'fastify'
import type { TestUser } from './factories.js'

/**
 * The official SDK for a user, as a tool built for ElevenLabs would use it: an API key of the
 * user's (with these scopes; all of them when none are named) and only the base URL changed.
 * Retries are off so that a refusal is seen once.
 */
export async function sdkClientFor(
  app: FastifyInstance,
  user: TestUser,
  baseUrl: string,
  permissions?: string[],
): Promise<ElevenLabsClient> {
  const key = await app.inject({
    method: 'POST',
    url: '/v1/user/api-keys',
    headers: user.auth,
    payload: { name: 'sdk', ...(permissions ? { permissions } : {}) },
  })
  if (key.statusCode !== 201) throw new Error(`API key not made: ${key.statusCode} ${key.body}`)
  return new ElevenLabsClient({ apiKey: key.json().api_key, baseUrl, maxRetries: 0 })
}

export interface SdkRefusal {
  status: number
  code: string
  message: string
  param: string | undefined
}

/** The API's refusal of an SDK call: its status and error detail; throws when the call succeeds. */
export async function sdkRefusal(call: Promise<unknown>): Promise<SdkRefusal> {
  try {
    await call
  } catch (error) {
    if (!(error instanceof ElevenLabsError)) throw error
    const detail = (error.body as { detail: { code: string; message: string; param?: string } }).detail
    return { status: error.statusCode ?? 0, code: detail.code, message: detail.message, param: detail.param }
  }
  throw new Error('expected a refusal')
}
