import { DUBBING_LANGUAGES } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { type ChatClient, createChatClient } from '../../../platform/llm/chat-client.js'
import { createCheckedFetch } from '../../../platform/outbound/outbound.js'
import type { LanguagePair, TranslationProvider } from './translation-provider.js'
import { TranslationUnavailable } from './translation-provider.js'

// The operator's OpenAI-compatible chat endpoint (a local llama.cpp or Ollama server, or a
// hosted one) as a translator: every segment of a language goes in one request as a numbered
// JSON list, and the answer must be a JSON list of as many strings. Anything else (an endpoint
// that is down, slow, or answers another shape) is a failure the translator falls back from,
// so the rule-based provider after it still translates the pairs it serves.

/** A model writing a whole dub's segments may take a while; this bounds the wait for it. */
const TIMEOUT_MS = 120_000
/** Texts per request: a small local model keeps count of a list this long. */
const BATCH = 40

export interface LlmTranslationOptions {
  /** The chat-completions URL (https://host/v1/chat/completions). */
  url: string
  model: string
  apiKey: string | null
  /** Replaces the outbound-checked client (tests of the prompt's shape). */
  client?: ChatClient
}

function languageName(code: string): string {
  return (DUBBING_LANGUAGES as Record<string, string>)[code] ?? code
}

/** The instructions for one pair: faithful, spoken-length, and the answer's exact shape. */
export function translationPrompt(pair: LanguagePair): string {
  return [
    `You translate dubbing segments from ${languageName(pair.source)} to ${languageName(pair.target)}.`,
    'The user sends a JSON array of strings. Answer with a JSON array of exactly as many strings,',
    'the translation of each item at the same position, meaning kept and about as long when spoken.',
    'Answer with the JSON array only: no notes, no numbering, no code fences.',
  ].join(' ')
}

/** The strings of the answer when it is a JSON array of `count` strings (a code fence allowed). */
export function parseTranslations(answer: string, count: number): string[] | null {
  const from = answer.indexOf('[')
  const to = answer.lastIndexOf(']')
  if (from < 0 || to <= from) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(answer.slice(from, to + 1))
  } catch {
    return null
  }
  if (!Array.isArray(parsed) || parsed.length !== count) return null
  if (!parsed.every((item) => typeof item === 'string')) return null
  return (parsed as string[]).map((s) => s.trim())
}

export function createLlmTranslationProvider(options: LlmTranslationOptions): TranslationProvider {
  // The operator's own endpoint: on its network or beside Timbre over plain HTTP.
  const checkedFetch = createCheckedFetch(
    { allowPrivateAddresses: true, plainHttpToLoopback: true },
    {
      invalid: 'dubbing_translation_failed',
      refused: 'dubbing_translation_failed',
      unresolved: 'dubbing_translation_failed',
    },
    TIMEOUT_MS,
  )
  const client = options.client ?? createChatClient({ fetch: checkedFetch })
  const endpoint = { url: options.url, model: options.model, apiKey: options.apiKey }
  const codes = Object.keys(DUBBING_LANGUAGES)
  const pairs: LanguagePair[] = codes.flatMap((source) =>
    codes.filter((target) => target !== source).map((target) => ({ source, target })),
  )

  async function translateBatch(texts: string[], pair: LanguagePair): Promise<string[]> {
    let text: string
    try {
      ;({ text } = await client.complete(endpoint, {
        messages: [
          { role: 'system', content: translationPrompt(pair) },
          { role: 'user', content: JSON.stringify(texts) },
        ],
        temperature: 0,
      }))
    } catch (error) {
      if (error instanceof AppError)
        throw new TranslationUnavailable(`The language model failed: ${error.message}`)
      throw error
    }
    const out = parseTranslations(text, texts.length)
    if (!out)
      throw new TranslationUnavailable(
        `The language model did not answer a list of ${texts.length} translations`,
      )
    return out
  }

  return {
    id: 'llm',
    label: `Language model (${options.model}, OpenAI-compatible)`,
    async pairs() {
      return pairs
    },
    async translate(texts, pair) {
      const out: string[] = []
      for (let at = 0; at < texts.length; at += BATCH)
        out.push(...(await translateBatch(texts.slice(at, at + BATCH), pair)))
      return out
    },
  }
}
