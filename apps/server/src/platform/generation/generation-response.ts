import { Readable } from 'node:stream'
import { appendAlignment, emptyAlignment, joinAudio, type PipelineChunk } from '@timbre/speech'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Generation } from './begin-generation.js'

/**
 * An AbortSignal that fires when the client goes away before the response is complete, also
 * when it left before this was called (a slow first request can outlast a closed tab).
 */
export function clientGone(request: FastifyRequest, reply: FastifyReply): AbortController {
  const controller = new AbortController()
  const gone = () => {
    if (!reply.raw.writableFinished) controller.abort()
  }
  reply.raw.on('close', gone)
  request.raw.on('aborted', () => controller.abort())
  // The request's own stream ends (and is destroyed) once its body is read; the socket tells.
  if (reply.raw.destroyed || request.raw.socket?.destroyed) gone()
  return controller
}

/** What a streamed response does with its source: the recorder's side of each step. */
export interface StreamSteps<T> {
  /** The bytes a step sends (null or empty: nothing to send). */
  encode(step: T): Buffer | null
  /** Called before the step's bytes are written: from here on they are charged. */
  delivered(step: T): void
  complete(): Promise<void>
  fail(): Promise<void>
  /** Headers are out and something failed: the only honest signal left is a broken connection. */
  onBroken(): void
}

/**
 * Streams a source: the first step is awaited before the status line goes out, so an error
 * before any audio is still a proper JSON error; after that each step is written as it comes
 * (chunked transfer). Credits settle when the last byte is out; a broken stream charges what
 * was delivered. The bookkeeping also runs when the response is torn down before its body was
 * ever read (the client left while the headers were on their way).
 */
export async function streamSource<T>(source: AsyncIterable<T>, steps: StreamSteps<T>): Promise<Readable> {
  const iterator = source[Symbol.asyncIterator]()
  let first: IteratorResult<T>
  try {
    first = await iterator.next()
  } catch (error) {
    await steps.fail()
    throw error
  }
  let ended = false
  let settling: Promise<void> | null = null
  const settleOnce = (): Promise<void> => {
    settling ??= (async () => {
      if (!ended) await iterator.return?.().catch(() => undefined)
      await steps.fail()
    })()
    return settling
  }
  async function* body() {
    let step = first
    try {
      while (!step.done) {
        const out = steps.encode(step.value)
        // Recorded before it is written: a crash charges at most the chunk in flight.
        steps.delivered(step.value)
        if (out && out.length > 0) yield out
        step = await iterator.next()
      }
      ended = true
      await steps.complete()
    } catch (error) {
      ended = ended || step.done === true
      await settleOnce()
      steps.onBroken()
      throw error
    } finally {
      await settleOnce()
    }
  }
  const readable = Readable.from(body(), { objectMode: false })
  // A body destroyed before its first read never runs its generator: settle here instead.
  readable.once('close', () => {
    void settleOnce().catch(() => undefined)
  })
  return readable
}

/** Streams a generation's chunks (see `streamSource`). */
export function streamGeneration(
  gen: Generation,
  signal: AbortSignal,
  encode: (chunk: PipelineChunk) => Buffer | null,
  onBroken: () => void,
): Promise<Readable> {
  return streamSource(gen.chunks(signal), {
    encode,
    delivered: (chunk) => gen.delivered(chunk),
    complete: () => gen.complete(),
    fail: () => gen.fail(),
    onBroken,
  })
}

/**
 * Collects a whole generation (the non-streaming endpoints); `observe` sees each chunk in
 * order. Nothing goes out before the recording is complete, so a failure charges nothing. The
 * audio is one finished file (a WAV gets its real sizes).
 */
export async function collectGeneration(
  gen: Generation,
  signal: AbortSignal,
  observe?: (chunk: PipelineChunk) => void,
) {
  const parts: Uint8Array[] = []
  const alignment = emptyAlignment()
  const normalized = emptyAlignment()
  try {
    for await (const chunk of gen.chunks(signal)) {
      gen.held(chunk)
      observe?.(chunk)
      parts.push(chunk.audio)
      appendAlignment(alignment, chunk.alignment)
      appendAlignment(normalized, chunk.normalizedAlignment)
    }
    await gen.complete()
  } catch (error) {
    await gen.fail()
    throw error
  }
  const audio = joinAudio(parts, gen.format)
  return {
    audio: Buffer.from(audio.buffer, audio.byteOffset, audio.byteLength),
    alignment,
    normalizedAlignment: normalized,
  }
}
