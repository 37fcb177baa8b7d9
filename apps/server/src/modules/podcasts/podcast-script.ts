import { PODCAST_TURNS_BY_DURATION } from '@timbre/contract'
import type { ChatMessage } from './chat-completions.js'

// A podcast's script: turns, each spoken by the host or the guest. A conversation is written by
// the language model; in turns mode the document's own paragraphs are shared out between the
// two voices; a bulletin is the document read by the host.

export type Speaker = 'host' | 'guest'
export interface Turn {
  speaker: Speaker
  text: string
}

export function conversationPrompt(input: {
  document: string
  durationScale: keyof typeof PODCAST_TURNS_BY_DURATION
  language: string | undefined
  instructions: string | undefined
  highlights: string[]
  intro: string | undefined
  outro: string | undefined
}): ChatMessage[] {
  const turns = PODCAST_TURNS_BY_DURATION[input.durationScale]
  const rules = [
    'You write podcast scripts: a lively, accurate conversation between a host and a guest about a document.',
    `Write about ${turns} turns, alternating, starting with the host.`,
    'Answer with JSON only: {"turns":[{"speaker":"host","text":"..."},{"speaker":"guest","text":"..."}]}.',
    'Spoken words only: no stage directions, no markdown, no speaker names inside the text.',
    input.language ? `Write in the language with ISO 639-1 code "${input.language}".` : '',
    input.highlights.length > 0 ? `Make sure to cover: ${input.highlights.join('; ')}.` : '',
    input.intro ? `The host opens with: ${input.intro}` : '',
    input.outro ? `The host closes with: ${input.outro}` : '',
    input.instructions ? `Further instructions: ${input.instructions}` : '',
  ].filter(Boolean)
  return [
    { role: 'system', content: rules.join('\n') },
    { role: 'user', content: input.document },
  ]
}

const LINE = /^\s*(host|guest)\s*:\s*(.+)$/i

/** The turns of the model's answer: the JSON asked for, or "Host: ..." lines; null if neither. */
export function parseConversation(answer: string): Turn[] | null {
  const unfenced = answer.replace(/^\s*```(?:json)?\s*/i, '').replace(/\s*```\s*$/, '')
  const start = unfenced.indexOf('{')
  const end = unfenced.lastIndexOf('}')
  if (start >= 0 && end > start) {
    try {
      const parsed = JSON.parse(unfenced.slice(start, end + 1)) as { turns?: unknown }
      if (Array.isArray(parsed.turns)) {
        const turns = parsed.turns
          .map((t) => t as { speaker?: unknown; text?: unknown })
          .filter((t) => typeof t.text === 'string' && t.text.trim() !== '')
          .map((t) => ({
            speaker: String(t.speaker).toLowerCase() === 'guest' ? ('guest' as const) : ('host' as const),
            text: String(t.text).trim(),
          }))
        if (turns.length > 0) return turns
      }
    } catch {
      // not JSON: try the line form
    }
  }
  const lines = answer
    .split('\n')
    .map((l) => LINE.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ speaker: (m[1] ?? '').toLowerCase() as Speaker, text: (m[2] ?? '').trim() }))
  return lines.length > 0 ? lines : null
}

/** The document's paragraphs, read alternately by the host and the guest. */
export function turnsFromDocument(paragraphs: string[]): Turn[] {
  return paragraphs.map((text, i) => ({ speaker: i % 2 === 0 ? 'host' : 'guest', text }))
}

/** Every paragraph read by the host. */
export function bulletinFromDocument(paragraphs: string[]): Turn[] {
  return paragraphs.map((text) => ({ speaker: 'host', text }))
}
