import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ERRORS } from './errors.js'
import { VOICEOVER_ERRORS } from './voiceover.js'

// ERRORS is merged from one catalogue per domain. A spread silently lets a later catalogue
// replace a code of an earlier one, and a catalogue left out of the merge is never answered:
// both are checked here.
async function catalogues(): Promise<Record<string, object>> {
  const dir = new URL('./errors/', import.meta.url)
  const found: Record<string, object> = { voiceover: VOICEOVER_ERRORS }
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.ts') && !n.endsWith('.test.ts'))) {
    const module: Record<string, object> = await import(new URL(name, dir).href)
    for (const [key, value] of Object.entries(module)) found[`${name}:${key}`] = value
  }
  return found
}

describe('error catalogues', () => {
  it('define each code in one catalogue only', async () => {
    const owners = new Map<string, string[]>()
    for (const [catalogue, codes] of Object.entries(await catalogues())) {
      for (const code of Object.keys(codes)) owners.set(code, [...(owners.get(code) ?? []), catalogue])
    }
    expect([...owners].filter(([, names]) => names.length > 1)).toEqual([])
  })

  it('are all merged into ERRORS, and ERRORS holds nothing else', async () => {
    const codes = Object.values(await catalogues()).flatMap((c) => Object.keys(c))
    expect(new Set(codes)).toEqual(new Set(Object.keys(ERRORS)))
  })
})
