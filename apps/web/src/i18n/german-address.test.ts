import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Timbre speaks to German users as "du", never as "Sie". The formal forms are written with a
// capital letter, which sets them apart from "sie"/"ihr"/"ihre" meaning she, they, her and their;
// only at the start of a sentence, where every word is capitalised, can a capital "Sie" or "Ihr"
// be a third person. So a capitalised formal word inside a sentence is always formal address, and
// one opening a sentence is formal unless THIRD_PERSON names that sentence. The server checks its
// German message tables by the same rule.

const FORMAL = /(?<![\p{L}\p{N}])(Sie|Ihr|Ihre|Ihrem|Ihren|Ihrer|Ihres|Ihnen)(?![\p{L}\p{N}])/gu
// Text before a word that opens a sentence: nothing, or an end of sentence or a colon (a whole
// sentence after a colon starts with a capital in German), then spaces or opening quotes.
const OPENS_SENTENCE = /(^|[.!?:])[\s„“"(]*$/u
// Text before the second word of a sentence, as in "Geben Sie".
const AFTER_FIRST_WORD = /(^|[.!?:])[\s„“"(]*\p{L}+\s+$/u

interface ThirdPersonUse {
  key: string
  opening: string
  why: string
}

/** The sentences of de-DE that open with "Sie" meaning a third person. */
const THIRD_PERSON: ThirdPersonUse[] = [
  {
    key: 'workspace.connections.subtitle',
    opening: 'Sie werden verschlüsselt gespeichert',
    why: 'Sie are the credentials of the sentence before',
  },
  {
    key: 'voiceLibrary.addDescription',
    opening: 'Sie belegt einen Stimmplatz',
    why: 'Sie is the copy of the voice (die Kopie) of the sentence before',
  },
]

type Reason = 'formal imperative' | 'formal pronoun' | 'formal pronoun opening a sentence'

function formalAddress(texts: ReadonlyMap<string, string>, allowed: readonly ThirdPersonUse[] = []) {
  const findings: Array<{ key: string; word: string; reason: Reason; at: string }> = []
  for (const [key, text] of texts) {
    for (const match of text.matchAll(FORMAL)) {
      const before = text.slice(0, match.index)
      const at = text.slice(match.index, match.index + 40)
      const word = match[0]
      if (OPENS_SENTENCE.test(before)) {
        if (allowed.some((use) => use.key === key && text.startsWith(use.opening, match.index))) continue
        findings.push({ key, word, reason: 'formal pronoun opening a sentence', at })
      } else {
        const imperative = word === 'Sie' && AFTER_FIRST_WORD.test(before)
        findings.push({ key, word, reason: imperative ? 'formal imperative' : 'formal pronoun', at })
      }
    }
  }
  return findings
}

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const entry of flatten(value, path)) out.set(...entry)
  }
  return out
}

const german = flatten(JSON.parse(readFileSync(join(import.meta.dirname, 'locales', 'de-DE.json'), 'utf8')))
const one = (text: string) => new Map([['k', text]])

describe('the rule for formal address', () => {
  it('finds imperatives, possessives and object pronouns of the Sie form', () => {
    expect(formalAddress(one('Geben Sie einen Namen ein.')).map((f) => f.reason)).toEqual([
      'formal imperative',
    ])
    expect(formalAddress(one('Bitte geben Sie Ihre E-Mail-Adresse ein.')).map((f) => f.word)).toEqual([
      'Sie',
      'Ihre',
    ])
    expect(formalAddress(one('Was hat Ihnen gefallen?'))).toHaveLength(1)
  })

  it('finds a formal word opening a sentence, after a full stop or a colon too', () => {
    expect(formalAddress(one('Ihr Plan')).map((f) => f.reason)).toEqual(['formal pronoun opening a sentence'])
    expect(formalAddress(one('Fertig. Sie haben keine Credits.'))).toHaveLength(1)
    expect(formalAddress(one('Grant angenommen: Sie nutzen jetzt Pro.'))).toHaveLength(1)
  })

  it('passes the du form and lower-case third persons', () => {
    expect(formalAddress(one('Gib deine E-Mail-Adresse ein, damit wir dir schreiben.'))).toEqual([])
    expect(formalAddress(one('Die Stimme und ihre Aufnahmen werden entfernt, bis sie fertig sind.'))).toEqual(
      [],
    )
    expect(formalAddress(one('Siehe Ihrerseits Sielen'))).toEqual([])
  })

  it('passes a sentence opening with a third-person Sie only where it is allowed', () => {
    const text = one('Die Werte sind geheim. Sie werden verschlüsselt.')
    expect(formalAddress(text)).toHaveLength(1)
    expect(formalAddress(text, [{ key: 'k', opening: 'Sie werden', why: 'the values' }])).toEqual([])
    expect(formalAddress(text, [{ key: 'other', opening: 'Sie werden', why: 'the values' }])).toHaveLength(1)
  })
})

describe('the German texts', () => {
  it('address the user as du throughout', () => {
    expect(formalAddress(german, THIRD_PERSON)).toEqual([])
  })

  it('still hold every allowed third-person sentence (the allow-list stays short)', () => {
    for (const use of THIRD_PERSON) expect(german.get(use.key), use.key).toContain(use.opening)
  })
})
