import { randomUUID } from 'node:crypto'
import type { AnalyticsProduct } from '@timbre/contract'
import { AppError } from '../../errors.js'
import type { Principal } from '../../plugins/auth.js'
import { countCharacters } from '../credits/credits.module.js'
import type { Recorder, Recording, RecordingInput } from '../recording/recording.module.js'

/** One metered request as it is stored (its id a UUID: cheap to make on the request path). */
export interface RequestEvent {
  id: string
  workspaceId: string
  userId: string | null
  apiKeyId: string | null
  requestId: string
  product: AnalyticsProduct
  kind: string
  modelId: string | null
  resourceId: string | null
  resourceName: string | null
  region: string
  queue: 'realtime' | 'job'
  source: 'api' | 'web' | 'job'
  characters: number
  credits: number
  ttfbMs: number | null
  durationMs: number
  concurrency: number
  status: 'success' | 'failed' | 'refused'
  errorCode: string | null
  httpMethod: string | null
  httpPath: string | null
  startedAt: Date
}

/** The product behind each ledger kind; a kind not listed here is counted as `other`. */
const PRODUCT_OF_KIND: Record<string, AnalyticsProduct> = {
  tts: 'text_to_speech',
  dialogue: 'text_to_speech',
  'tts-stream-input': 'text_to_speech',
  'speech-to-speech': 'speech_to_speech',
  'sound-generation': 'sound_effects',
  'audio-isolation': 'voice_isolator',
  'text-to-voice': 'voice_lab',
  'voice-design': 'voice_lab',
  'speech-to-text': 'speech_to_text',
  dubbing: 'dubbing',
  music: 'music',
}

export function productOfKind(kind: string): AnalyticsProduct {
  return PRODUCT_OF_KIND[kind] ?? 'other'
}

function sourceOf(principal: Principal, queue: 'realtime' | 'job'): RequestEvent['source'] {
  if (queue === 'job') return 'job'
  return principal.via === 'api_key' ? 'api' : 'web'
}

/**
 * Wraps the recorder every generation goes through, so each one (HTTP, WebSocket, jobs; text to
 * speech, sound effects, isolation and whatever comes next) is metered without its route knowing.
 * Time to first byte runs from the request's arrival (or the start of the generation when there
 * is no HTTP request) to the first chunk handed to the client. The event goes to `sink`, which
 * only queues it: nothing here waits on the database.
 */
export function meterRecorder(
  inner: Recorder,
  deps: { region: string; sink(event: RequestEvent): void },
): Recorder {
  return {
    async begin(input: RecordingInput): Promise<Recording> {
      const began = performance.now()
      const arrived = input.principal.request?.receivedAt ?? began
      const startedAt = new Date(Date.now() - (began - arrived))
      const queue = input.queue ?? 'realtime'
      const history = input.history
      const principal = input.principal
      const modelId = input.meter?.modelId ?? (history?.modelId || null)
      const resourceId = input.meter?.resourceId ?? (history?.voiceId || null)
      const resourceName = input.meter?.resourceName ?? (history?.voiceName || null)
      // One object literal per event, no spreads: this runs on every request.
      const event = (
        status: RequestEvent['status'],
        fields: Pick<
          RequestEvent,
          'characters' | 'credits' | 'ttfbMs' | 'durationMs' | 'concurrency' | 'errorCode'
        >,
      ): RequestEvent => ({
        id: randomUUID(),
        workspaceId: principal.workspaceId,
        userId: principal.userId,
        apiKeyId: principal.apiKey?.id ?? null,
        requestId: input.requestId,
        product: productOfKind(input.kind),
        kind: input.kind,
        modelId,
        resourceId,
        resourceName,
        region: deps.region,
        queue,
        source: sourceOf(principal, queue),
        characters: fields.characters,
        credits: fields.credits,
        ttfbMs: fields.ttfbMs,
        durationMs: fields.durationMs,
        concurrency: fields.concurrency,
        status,
        errorCode: fields.errorCode,
        httpMethod: principal.request?.method ?? null,
        httpPath: principal.request?.path ?? null,
        startedAt,
      })
      let characters = input.charge ? countCharacters(input.charge.text) : 0

      let recording: Recording
      try {
        recording = await inner.begin(input)
      } catch (error) {
        deps.sink(
          event('refused', {
            characters,
            credits: 0,
            ttfbMs: null,
            durationMs: Math.round(performance.now() - arrived),
            concurrency: 0,
            errorCode: error instanceof AppError ? error.code : 'internal_error',
          }),
        )
        throw error
      }

      let firstByteAt: number | null = null
      let recorded = false
      const record = (status: RequestEvent['status'], errorCode: string | null) => {
        if (recorded) return
        recorded = true
        const now = performance.now()
        deps.sink(
          event(status, {
            characters,
            credits: recording.charged,
            ttfbMs: firstByteAt === null ? null : Math.round(firstByteAt - arrived),
            durationMs: Math.round(now - arrived),
            concurrency: recording.concurrent,
            errorCode,
          }),
        )
      }

      return {
        get historyItemId() {
          return recording.historyItemId
        },
        get cost() {
          return recording.cost
        },
        get charged() {
          return recording.charged
        },
        get concurrent() {
          return recording.concurrent
        },
        async reservePiece(text) {
          const piece = await recording.reservePiece(text)
          characters += countCharacters(text)
          return piece
        },
        delivered(chunk) {
          firstByteAt ??= performance.now()
          recording.delivered(chunk)
        },
        held(chunk) {
          firstByteAt ??= performance.now()
          recording.held(chunk)
        },
        async complete(options) {
          await recording.complete(options)
          record('success', null)
        },
        async fail(options) {
          try {
            await recording.fail(options)
          } finally {
            record('failed', null)
          }
        },
      }
    },
  }
}
