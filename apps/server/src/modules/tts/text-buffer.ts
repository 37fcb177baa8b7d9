// Decides when buffered WebSocket text is ready to speak: the first audio must come as soon
// as a phrase is complete. Pure, so the rules are unit-tested.

const PHRASE_END = /[.!?;:,…。！？、\n](?=\s)|[.!?…。！？]["')\]]?\s/g

/** Index just after the last phrase end in `text` (followed by whitespace), or -1. */
export function lastPhraseEnd(text: string): number {
  let end = -1
  for (const match of text.matchAll(PHRASE_END)) end = (match.index ?? 0) + match[0].trimEnd().length
  return end
}

export interface TakeOptions {
  /** Characters the buffer must hold before the schedule lets it go (the current schedule step). */
  threshold: number
  /** auto_mode / try_trigger_generation: any complete phrase goes at once. */
  eager: boolean
}

/**
 * The part of `buffer` to generate now, or '' to wait. A complete phrase is always preferred as
 * the cut; without one, a full threshold is cut at the last space.
 */
export function takeReady(buffer: string, options: TakeOptions): string {
  const phrase = lastPhraseEnd(buffer)
  if (options.eager && phrase > 0) return buffer.slice(0, phrase)
  if (buffer.length < options.threshold) return ''
  if (phrase > 0) return buffer.slice(0, phrase)
  const space = buffer.lastIndexOf(' ')
  return space > 0 ? buffer.slice(0, space) : ''
}
