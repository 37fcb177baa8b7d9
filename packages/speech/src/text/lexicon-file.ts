// Reads an uploaded dictionary file of any accepted kind (XML, TXT or PLS): `.pls` and
// `.xml` names, or content starting with "<", are PLS; everything else is the TXT format.
import { decodeLexiconInput } from './lexicon-input.js'
import type { ParsedLexicon } from './lexicon-types.js'
import { parsePls } from './pls-parser.js'
import { parseTxtLexicon } from './txt-lexicon-parser.js'

export { MAX_LEXICON_BYTES } from './lexicon-input.js'

export function parseLexiconFile(input: string | Uint8Array, fileName?: string): ParsedLexicon {
  const text = decodeLexiconInput(input)
  const extension = /\.([a-z]+)$/i.exec(fileName ?? '')?.[1]?.toLowerCase()
  const looksXml = text.trimStart().startsWith('<')
  if (extension === 'pls' || extension === 'xml' || (extension !== 'txt' && looksXml)) return parsePls(text)
  return parseTxtLexicon(text)
}
