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
  async function providerFor(pair: LanguagePair): Promise<TranslationProvider | null> {
    for (const provider of providers) {
      const pairs = await provider.pairs()
      if (pairs.some((p) => p.source === pair.source && p.target === pair.target)) return provider
    }
    return null
  }

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
     * The texts translated by the pair's provider; null when no provider serves it (the
     * segments wait for a manual translation). A provider that fails is a 502, nothing changed.
     */
    async translate(
      texts: string[],
      pair: LanguagePair,
    ): Promise<{ texts: string[]; provider: string } | null> {
      const provider = await providerFor(pair)
      if (!provider) return null
      try {
        return { texts: await provider.translate(texts, pair), provider: provider.id }
      } catch (error) {
        if (error instanceof TranslationUnavailable)
          throw new AppError('dubbing_translation_failed', {
            message: `${error.message}; nothing was changed.`,
          })
        throw error
      }
    },
  }
}

export type Translator = ReturnType<typeof createTranslator>
