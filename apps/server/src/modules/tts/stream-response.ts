import { Readable } from 'node:stream'
import { appendAlignment, emptyAlignment, type PipelineChunk } from '@timbre/speech'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Generation } from './generation.js'

/** An AbortSignal that fires when the client goes away before the response is complete. */
export function clientGone(request: FastifyRequest, reply: FastifyReply): AbortController {
  const controller = new AbortController()
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort()
  })
  request.raw.on('aborted', () => controller.abort())
  return controller
}

/**
 * Streams a generation: the first chunk is awaited before the status line goes out, so an
 * error that happens before any audio is still a proper JSON error; after that, each chunk is
 * written as it is synthesised (chunked transfer). Credits settle when the last byte is out;
 * a broken stream charges only what was delivered.
 */
export async function streamGeneration(
  gen: Generation,
  signal: AbortSignal,
  encode: (chunk: PipelineChunk) => Buffer | null,
  onBroken: () => void,
): Promise<Readable> {
  const iterator = gen.chunks(signal)[Symbol.asyncIterator]()
  let first: IteratorResult<PipelineChunk>
  try {
    first = await iterator.next()
  } catch (error) {
    await gen.fail()
    throw error
  }
  async function* body() {
    let step = first
    try {
      while (!step.done) {
        const out = encode(step.value)
        // Recorded before it is written: a crash charges at most the chunk in flight.
        gen.delivered(step.value)
        if (out && out.length > 0) yield out
        step = await iterator.next()
      }
      await gen.complete()
    } catch (error) {
      await gen.fail()
      // Headers are out: the only honest signal left is a broken connection.
      onBroken()
      throw error
    } finally {
      if (!step.done) await iterator.return?.()
      await gen.fail()
    }
  }
  return Readable.from(body(), { objectMode: false })
}

/** Collects a whole generation (the non-streaming endpoints); `observe` sees each chunk in order. */
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
      gen.delivered(chunk)
      observe?.(chunk)
      parts.push(chunk.audio)
      appendAlignment(alignment, chunk.alignment)
      appendAlignment(normalized, chunk.normalizedAlignment)
    }
    await gen.complete()
  } catch (error) {
    await gen.fail({ reachedClient: false })
    throw error
  }
  return { audio: Buffer.concat(parts), alignment, normalizedAlignment: normalized }
}
