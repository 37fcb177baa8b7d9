import { randomBytes } from 'node:crypto'
import type { CompositionPlan, SongMetadata } from '@timbre/contract'

/**
 * The detailed answer as a multipart body: a JSON part with the plan and the song's metadata
 * (one line, as the official SDK reads it), then the audio part with its file name.
 */
export function multipartSong(input: {
  plan: CompositionPlan
  metadata: SongMetadata
  audio: Uint8Array
  contentType: string
  fileName: string
  extra?: Record<string, unknown>
}): { body: Buffer; contentType: string } {
  const boundary = `timbre-${randomBytes(12).toString('hex')}`
  const json = JSON.stringify({ composition_plan: input.plan, song_metadata: input.metadata, ...input.extra })
  const head =
    `--${boundary}\r\nContent-Type: application/json\r\n\r\n${json}\r\n` +
    `--${boundary}\r\nContent-Disposition: attachment; filename="${input.fileName}"\r\n` +
    `Content-Type: ${input.contentType}\r\n\r\n`
  return {
    body: Buffer.concat([
      Buffer.from(head),
      Buffer.from(input.audio),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/mixed; boundary=${boundary}`,
  }
}

/**
 * One line of the detailed stream. The official SDK reads each line as a JSON string, so every
 * event is a JSON object serialised into a JSON string.
 */
export function streamLine(event: Record<string, unknown>): Buffer {
  return Buffer.from(`${JSON.stringify(JSON.stringify(event))}\n`)
}

/** A file name from the song's title. */
export function fileNameFor(metadata: SongMetadata, extension: string): string {
  const slug = metadata.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '')
  return `${slug || 'song'}.${extension}`
}
