import { DUBBING_LANGUAGES } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import type { LanguagePair, TranslationProvider } from './translation-provider.js'
import { TranslationUnavailable } from './translation-provider.js'

// The providers in the operator's order: a pair goes to the first one that serves it. A
// language no provider serves from the source is still offered, for manual translation only
// (the editor's translation fields), and is labelled so wherever languages are listed.

export interface TargetLanguage {
  language_code: string
  name: string
  /** The provider that translates into it, or 'manual' when only the editor does. */
  provider: TranslationProvider['id']
  label: string
}

export const MANUAL_LABEL = 'Manual translation only: no machine translation serves this pair here'

export function createTranslator(providers: TranslationProvider[]) {
  /** Every provider serving the pair, in the operator's order. */
  async function providersFor(pair: LanguagePair): Promise<TranslationProvider[]> {
    const out: TranslationProvider[] = []
    for (const provider of providers) {
      const pairs = await provider.pairs()
      if (pairs.some((p) => p.source === pair.source && p.target === pair.target)) out.push(provider)
    }
    return out
  }
  const providerFor = async (pair: LanguagePair) => (await providersFor(pair))[0] ?? null

  return {
    providerFor,

    /** Every dubbing language but the source, each with what translates into it. */
    async targets(source: string): Promise<TargetLanguage[]> {
      const out: TargetLanguage[] = []
      for (const [code, name] of Object.entries(DUBBING_LANGUAGES)) {
        if (code === source) continue
        const provider = await providerFor({ source, target: code })
        out.push({
          language_code: code,
          name,
          provider: provider?.id ?? 'manual',
          label: provider?.label ?? MANUAL_LABEL,
        })
      }
      return out
    },

    /**
     * The texts translated by the pair's first provider, or the next one serving the pair
     * when it fails (a language model that is down falls back to Apertium); null when no
     * provider serves it (the segments wait for a manual translation). When every provider
     * fails it is a 502, nothing changed.
     */
    async translate(
      texts: string[],
      pair: LanguagePair,
    ): Promise<{ texts: string[]; provider: string } | null> {
      const serving = await providersFor(pair)
      if (serving.length === 0) return null
      let failure: TranslationUnavailable | null = null
      for (const provider of serving) {
        try {
          return { texts: await provider.translate(texts, pair), provider: provider.id }
        } catch (error) {
          if (!(error instanceof TranslationUnavailable)) throw error
          failure = error
        }
      }
      throw new AppError('dubbing_translation_failed', {
        message: `${failure?.message ?? 'No provider translated'}; nothing was changed.`,
      })
    },
  }
}

export type Translator = ReturnType<typeof createTranslator>
