// Spelling for words the recogniser's dictionary lacks (keyterms, names in aligned text):
// eSpeak NG's US English phonemiser gives the IPA, which becomes the dictionary's ARPAbet.
import { EspeakEngine } from '../engines/espeak-engine.js'
import { ipaSpeller, type Speller } from './pocketsphinx-recogniser.js'

let engine: Promise<EspeakEngine> | undefined

export function espeakSpeller(): Speller {
  return ipaSpeller(async (word) => {
    engine ??= EspeakEngine.create()
    const espeak = await engine
    const { words } = espeak.phonemize(
      [{ kind: 'text', text: word, normStart: 0, normEnd: word.length, exact: true }],
      'en-us',
    )
    return words.map((w) => w.ipa).join('')
  })
}
