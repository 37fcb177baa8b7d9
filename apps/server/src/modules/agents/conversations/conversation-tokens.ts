import { createHmac, timingSafeEqual } from 'node:crypto'
import { CONVERSATION_TOKEN_SECONDS } from '@timbre/contract'
import { AppError } from '../../../errors.js'

// Signed URLs and conversation tokens: the agent, workspace and caller, with an expiry, signed
// with the server's secret. Whoever holds one may open one conversation with that agent until it
// expires, without an API key in the browser.

export interface ConversationGrant {
  agentId: string
  workspaceId: string
  userId: string
  expiresAt: number
  /** Issued to a member signed in to the app (its playground): the call is in development. */
  development?: boolean
}

export function createConversationTokens(secretKey: string) {
  const sign = (payload: string) =>
    createHmac('sha256', `${secretKey}:convai-conversation`).update(payload).digest('base64url')

  return {
    issue(
      grant: Omit<ConversationGrant, 'expiresAt'>,
      now = Date.now(),
    ): { token: string; expiresAt: number } {
      const expiresAt = Math.floor(now / 1000) + CONVERSATION_TOKEN_SECONDS
      const payload = Buffer.from(JSON.stringify({ ...grant, expiresAt }), 'utf8').toString('base64url')
      return { token: `${payload}.${sign(payload)}`, expiresAt }
    },

    verify(token: string, now = Date.now()): ConversationGrant {
      const [payload, signature] = token.split('.')
      const expected = payload ? sign(payload) : ''
      if (
        !payload ||
        !signature ||
        signature.length !== expected.length ||
        !timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
      )
        throw new AppError('conversation_token_invalid')
      const grant = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as ConversationGrant
      if (grant.expiresAt * 1000 < now) throw new AppError('conversation_token_invalid')
      return grant
    },
  }
}

export type ConversationTokens = ReturnType<typeof createConversationTokens>
