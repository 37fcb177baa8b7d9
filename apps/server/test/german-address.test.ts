import { describe, expect, it } from 'vitest'
import { formalAddress, messageTexts } from './helpers/german-address.js'

// The rule the German message tables are checked by, on texts where the answer is known.

const one = (text: string) => new Map([['k', text]])

describe('the rule for formal address in German texts', () => {
  it('finds imperatives, possessives and object pronouns of the Sie form', () => {
    expect(formalAddress(one('Bitten Sie die Person um einen Link.')).map((f) => f.reason)).toEqual([
      'formal imperative',
    ])
    expect(formalAddress(one('Erstellt auf Ihrem eigenen Server.')).map((f) => f.word)).toEqual(['Ihrem'])
    expect(formalAddress(one('Wir lesen Ihnen vor.'))).toHaveLength(1)
  })

  it('finds a formal word opening a sentence', () => {
    expect(formalAddress(one('Ihr Browser kann das nicht.')).map((f) => f.reason)).toEqual([
      'formal pronoun opening a sentence',
    ])
    expect(formalAddress(one('Hörprobe: Sie können zuhören.'))).toHaveLength(1)
  })

  it('passes the du form, lower-case third persons and allowed third-person sentences', () => {
    expect(
      formalAddress(one('Dein Browser kann dieses Audio nicht abspielen, bitte die Person um ihren Link.')),
    ).toEqual([])
    const text = one('Die Dateien sind alt. Sie werden gelöscht.')
    expect(formalAddress(text, [{ key: 'k', opening: 'Sie werden gelöscht', why: 'the files' }])).toEqual([])
    expect(formalAddress(text)).toHaveLength(1)
  })

  it('reads every text of a table, the fixed words of texts made by functions too', () => {
    const texts = messageTexts({ a: 'Hallo', b: { c: (name: string) => `Für Sie, ${name}` } })
    expect([...texts]).toEqual([
      ['a', 'Hallo'],
      ['b.c', 'Für Sie, X'],
    ])
    expect(formalAddress(texts).map((f) => f.key)).toEqual(['b.c'])
  })
})
