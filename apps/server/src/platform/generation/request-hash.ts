import { createHash } from 'node:crypto'

/**
 * Names a request by what it asks for (kind, voice, model, text, settings): repeats of the same
 * request share the name, which is what free regenerations are counted by.
 */
export function requestHash(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex')
}
