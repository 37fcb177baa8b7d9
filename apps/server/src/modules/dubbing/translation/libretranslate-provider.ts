import { createCheckedFetch } from '../../../platform/outbound/outbound.js'
import type { LanguagePair, TranslationProvider } from './translation-provider.js'
import { TranslationUnavailable } from './translation-provider.js'

// A LibreTranslate-compatible server the operator runs or chose: GET /languages lists the
// languages with the targets each translates into, POST /translate takes `q` (a list of texts),
// `source`, `target`, `format` and an optional `api_key`, and answers `translatedText` (a list
// for a list). The address is the operator's configuration, not a user's, so it may be on the
// operator's network (HTTPS), or on this machine over plain HTTP.

const TIMEOUT_MS = 30_000
/** How long the list of pairs is trusted before it is asked again. */
const PAIRS_TTL_MS = 5 * 60_000

export interface LibreTranslateOptions {
  baseUrl: string
  apiKey: string | null
}

interface LanguageEntry {
  code: string
  targets?: string[]
}

export function createLibreTranslateProvider(options: LibreTranslateOptions): TranslationProvider {
  const base = options.baseUrl.replace(/\/+$/, '')
  const checkedFetch = createCheckedFetch(
    { allowPrivateAddresses: true, plainHttpToLoopback: true },
    {
      invalid: 'dubbing_translation_failed',
      refused: 'dubbing_translation_failed',
      unresolved: 'dubbing_translation_failed',
    },
    TIMEOUT_MS,
  )
  let cached: { at: number; pairs: LanguagePair[] } | null = null

  async function call(path: string, init?: RequestInit): Promise<unknown> {
    let response: Response
    try {
      response = await checkedFetch(`${base}${path}`, init)
    } catch (error) {
      throw new TranslationUnavailable(`LibreTranslate is unreachable: ${(error as Error).message}`)
    }
    if (!response.ok) throw new TranslationUnavailable(`LibreTranslate answered ${response.status}`)
    return response.json()
  }

  return {
    id: 'libretranslate',
    label: 'LibreTranslate-compatible server',
    async pairs() {
      if (cached && Date.now() - cached.at < PAIRS_TTL_MS) return cached.pairs
      let languages: LanguageEntry[]
      try {
        languages = (await call('/languages')) as LanguageEntry[]
      } catch {
        return []
      }
      const pairs: LanguagePair[] = []
      for (const entry of Array.isArray(languages) ? languages : []) {
        for (const target of entry.targets ?? []) {
          if (target !== entry.code) pairs.push({ source: entry.code, target })
        }
      }
      cached = { at: Date.now(), pairs }
      return pairs
    },
    async translate(texts, pair) {
      if (texts.length === 0) return []
      const body = {
        q: texts,
        source: pair.source,
        target: pair.target,
        format: 'text',
        ...(options.apiKey ? { api_key: options.apiKey } : {}),
      }
      const answer = (await call('/translate', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })) as { translatedText?: unknown }
      const out = answer.translatedText
      if (Array.isArray(out) && out.length === texts.length && out.every((t) => typeof t === 'string'))
        return out as string[]
      if (texts.length === 1 && typeof out === 'string') return [out]
      throw new TranslationUnavailable('LibreTranslate answered something other than the translations')
    },
  }
}
