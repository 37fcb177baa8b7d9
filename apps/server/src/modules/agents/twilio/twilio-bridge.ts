import { z } from 'zod'

// Twilio's Media Streams protocol on one side, the conversation socket's messages on the other.
// Twilio sends `connected`, then `start` (the stream and call ids and the TwiML's parameters),
// then `media` frames of 8 kHz μ-law audio in base64, `dtmf` key presses and `stop`; it plays
// the `media` frames sent back on the same stream and drops what it has not played yet on
// `clear`. A conversation's audio events become media frames, an interruption becomes a clear
// (the caller stops hearing the agent at once), and the session's pings are answered here, since
// Twilio does not speak that protocol.

export const twilioMessage = z.discriminatedUnion('event', [
  z.object({ event: z.literal('connected') }).passthrough(),
  z
    .object({
      event: z.literal('start'),
      start: z
        .object({
          streamSid: z.string().max(100),
          callSid: z.string().max(100).optional(),
          customParameters: z.record(z.string(), z.string().max(4000)).optional(),
        })
        .passthrough(),
    })
    .passthrough(),
  z
    .object({
      event: z.literal('media'),
      media: z.object({ track: z.string().optional(), payload: z.string().max(200_000) }).passthrough(),
    })
    .passthrough(),
  z
    .object({ event: z.literal('dtmf'), dtmf: z.object({ digit: z.string().max(4) }).passthrough() })
    .passthrough(),
  z.object({ event: z.literal('mark') }).passthrough(),
  z.object({ event: z.literal('stop') }).passthrough(),
])

export type TwilioMessage = z.infer<typeof twilioMessage>

/** What a conversation event becomes on the Twilio stream, and what the session is told back. */
export function toTwilio(
  streamSid: string,
  event: { type?: string; [key: string]: unknown },
): { twilio?: object; reply?: object } {
  switch (event.type) {
    case 'audio': {
      const audio = (event.audio_event as { audio_base_64?: string } | undefined)?.audio_base_64
      return audio ? { twilio: { event: 'media', streamSid, media: { payload: audio } } } : {}
    }
    case 'interruption':
      return { twilio: { event: 'clear', streamSid } }
    case 'ping': {
      const id = (event.ping_event as { event_id?: number } | undefined)?.event_id
      return { reply: { type: 'pong', event_id: id } }
    }
    default:
      return {}
  }
}

/** The conversation message a Twilio message carries, if any. */
export function fromTwilio(message: TwilioMessage): object | null {
  if (message.event === 'media' && (message.media.track ?? 'inbound') === 'inbound')
    return { user_audio_chunk: message.media.payload }
  // A key press reaches the agent as context, as a caller's words about it would.
  if (message.event === 'dtmf')
    return { type: 'contextual_update', text: `The caller pressed ${message.dtmf.digit}.` }
  return null
}
