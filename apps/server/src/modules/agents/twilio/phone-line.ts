import { type AccessDeps, openConversation } from '../conversations/conversation-access.js'
import { ConversationSession } from '../runtime/conversation-session.js'
import type { RuntimeDeps } from '../runtime/runtime-deps.js'
import { toTwilio } from './twilio-bridge.js'
import { onThePhone } from './twilio-session.js'
import type { CallFacts } from './twilio-twiml.js'

// A phone call that reaches this server by another way than Twilio's media stream (a SIP call
// with its own RTP) joins the same conversation path: the agent on the phone (8 kHz μ-law both
// ways), the same limits checked when it opens, the same mapping of the conversation's events to
// what a phone line does (play audio, drop what is unplayed on an interruption, answer pings).

/** What the line does with the agent's side of the call. */
export interface PhoneLineSink {
  /** 8 kHz μ-law audio of the agent to play to the caller. */
  play(ulaw: Buffer): void
  /** The caller spoke over the agent: audio not yet played is dropped. */
  clear(): void
  /** The conversation ended (the agent hung up, a limit, a failure): the line hangs up. */
  ended(reason: string): void
}

/** A live conversation on a phone line. */
export interface PhoneLine {
  conversationId: string
  /** 8 kHz μ-law audio the caller said. */
  hear(ulaw: Buffer): void
  /** A key the caller pressed. */
  pressed(digit: string): void
  /** The caller hung up. */
  hangUp(reason: string): Promise<void>
}

/** Opens the agent's conversation on a phone line, for the workspace member who placed the call. */
export type AgentPhoneLine = (
  request: { workspaceId: string; agentId: string; userId: string; call: CallFacts },
  sink: PhoneLineSink,
) => Promise<PhoneLine>

export function createPhoneLine(deps: RuntimeDeps & AccessDeps): AgentPhoneLine {
  return async (request, sink) => {
    // A signed grant, as a Twilio stream carries, so the call opens exactly as one would.
    const { token } = deps.tokens.issue({
      agentId: request.agentId,
      workspaceId: request.workspaceId,
      userId: request.userId,
    })
    const { agent, userId } = await openConversation(deps, {
      agentId: undefined,
      signature: token,
      principal: null,
      origin: undefined,
    })
    let queue: Promise<void> = Promise.resolve()
    const run = (work: () => Promise<void> | undefined) => {
      queue = queue.then(work).catch(() => undefined)
    }
    let session: ConversationSession | null = null
    const fromSession = (event: object) => {
      const { twilio, reply } = toTwilio('', event as { type?: string })
      const media = twilio as { event?: string; media?: { payload: string } } | undefined
      if (media?.event === 'media' && media.media) sink.play(Buffer.from(media.media.payload, 'base64'))
      if (media?.event === 'clear') sink.clear()
      if (reply) run(() => session?.handle(JSON.stringify(reply)))
    }
    session = new ConversationSession(deps, onThePhone(agent), userId, fromSession, (_code, reason) =>
      sink.ended(reason),
    )
    const opened = session
    await opened.handle(JSON.stringify({ type: 'conversation_initiation_client_data' }))
    return {
      conversationId: opened.id,
      hear: (ulaw) => run(() => opened.handle(JSON.stringify({ user_audio_chunk: ulaw.toString('base64') }))),
      pressed: (digit) =>
        run(() =>
          opened.handle(JSON.stringify({ type: 'contextual_update', text: `The caller pressed ${digit}.` })),
        ),
      hangUp: async (reason) => {
        run(() => opened.end('done', reason))
        await queue
      },
    }
  }
}
