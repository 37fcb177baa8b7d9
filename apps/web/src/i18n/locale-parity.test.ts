import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEFAULT_LOCALE, SUPPORTED_LOCALES } from './locales'

type Tree = { [key: string]: string | Tree }
const dir = join(import.meta.dirname, 'locales')

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>()
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else for (const [k, v] of flatten(value, path)) out.set(k, v)
  }
  return out
}

const load = (locale: string) =>
  flatten(JSON.parse(readFileSync(join(dir, `${locale}.json`), 'utf8')) as Tree)
// A plural key is written once per plural category of its language (`_one`, `_few`, `_other`…),
// so languages differ in those suffixes; the key without its suffix is what must match.
const PLURAL = /_(zero|one|two|few|many|other)$/
const baseKeys = (messages: Map<string, string>) =>
  [...new Set([...messages.keys()].map((key) => key.replace(PLURAL, '')))].sort()
// {{placeholders}} and <tags> must survive translation.
const tokens = (text: string) => [...text.matchAll(/\{\{\s*\w+\s*\}\}|<\/?\w+>/g)].map((m) => m[0]).sort()

describe('locale files', () => {
  it('exist for exactly the nine supported locales', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort()
    expect(files).toEqual([...SUPPORTED_LOCALES].sort())
  })

  const reference = load(DEFAULT_LOCALE)

  it.each(SUPPORTED_LOCALES.filter((l) => l !== DEFAULT_LOCALE))(
    '%s has exactly the keys of en-US',
    (locale) => {
      expect(baseKeys(load(locale))).toEqual(baseKeys(reference))
    },
  )

  it.each([...SUPPORTED_LOCALES])('%s writes each plural key in exactly its plural categories', (locale) => {
    const categories = [...new Intl.PluralRules(locale).resolvedOptions().pluralCategories].sort()
    const plurals = new Map<string, string[]>()
    for (const key of load(locale).keys()) {
      const match = PLURAL.exec(key)
      if (!match) continue
      const base = key.replace(PLURAL, '')
      plurals.set(base, [...(plurals.get(base) ?? []), match[1] as string])
    }
    for (const [base, found] of plurals) expect(found.sort(), `${locale} ${base}`).toEqual(categories)
  })

  it.each([...SUPPORTED_LOCALES])('%s keeps every placeholder and has no empty text', (locale) => {
    for (const [key, text] of load(locale)) {
      expect(text.trim(), `${locale} ${key}`).not.toBe('')
      const original = reference.get(key) ?? reference.get(key.replace(PLURAL, '_other')) ?? ''
      expect(tokens(text), `${locale} ${key}`).toEqual(tokens(original))
    }
  })
})
