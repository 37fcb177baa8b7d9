import type { TranslationProviderId } from '@timbre/contract'

// Machine translation behind one interface. Each provider says which language pairs it serves
// and translates a list of texts in one call (a dub's segments go together, so a provider that
// starts a process or opens a connection does it once). The operator's chat-completions
// endpoint (id 'llm') serves every pair of dubbing languages; the rule-based pairs follow it.

export interface LanguagePair {
  source: string
  target: string
}

export interface TranslationProvider {
  readonly id: TranslationProviderId
  /** What a user is told the translation came from (e.g. "Apertium, rule-based"). */
  readonly label: string
  /** The pairs it serves now (ISO 639-1 codes); an unreachable provider serves none. */
  pairs(): Promise<LanguagePair[]>
  /** The texts translated, in order, as many as were given. */
  translate(texts: string[], pair: LanguagePair): Promise<string[]>
}

/** A provider that failed to translate (unreachable, a bad answer): the caller reports it. */
export class TranslationUnavailable extends Error {}
