// Picks the normaliser of a language. Languages without a pack (it, nl, hi, ja, zh, ru, ...)
// are not normalised: eSpeak NG reads their digits itself, and the text keeps its mapping.
import { langDe } from './lang-de.js'
import { langEn } from './lang-en.js'
import { langEs } from './lang-es.js'
import { langFr } from './lang-fr.js'
import { langPl } from './lang-pl.js'
import { langPt } from './lang-pt.js'
import { langSv } from './lang-sv.js'
import type { LanguagePack } from './language-pack.js'
import type { MappedText } from './mapped-text.js'
import { type NormRule, runRules } from './normalize-engine.js'
import { numericRules } from './rules-numeric.js'
import { abbreviationRule, addressRules, symbolRules } from './rules-text.js'

export type Normalizer = (text: MappedText) => MappedText

const PACKS: Readonly<Record<string, (region: string | undefined) => LanguagePack>> = {
  en: () => langEn,
  de: () => langDe,
  fr: () => langFr,
  es: () => langEs,
  pl: () => langPl,
  pt: (region) => langPt(region === 'br' ? 'BR' : 'PT'),
  sv: () => langSv,
}

/** Languages whose text is normalised. */
export const NORMALIZED_LANGUAGES: readonly string[] = Object.keys(PACKS)

const cache = new Map<string, NormRule[]>()

export function languagePack(language: string, region?: string): LanguagePack | undefined {
  return PACKS[language]?.(region)
}

export function normalizerFor(language: string, region?: string): Normalizer | undefined {
  const pack = languagePack(language, region)
  if (!pack) return undefined
  const key = `${language}-${region ?? ''}`
  let rules = cache.get(key)
  if (!rules) {
    rules = [
      ...addressRules(pack),
      ...pack.rules,
      ...numericRules(pack),
      ...abbreviationRule(pack),
      ...symbolRules(pack),
    ]
    cache.set(key, rules)
  }
  const compiled = rules
  return (text) => runRules(text, compiled, pack.code)
}
