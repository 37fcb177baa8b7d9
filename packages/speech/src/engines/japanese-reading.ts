/// <reference path="../shims/emscripten-modules.d.ts" />
/// <reference path="../shims/kuromoji.d.ts" />
// Japanese reading step: eSpeak NG reads kana but speaks kanji as "Chinese letter", so text
// is turned into kana with kuromoji (its IPADIC dictionary ships in the npm package) before
// synthesis. The dictionary loads once per worker, on first use (about a second).
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import kuromoji, { type Tokenizer } from 'kuromoji'
import type { EnginePiece } from './engine.js'

let tokenizer: Promise<Tokenizer> | undefined

function loadTokenizer(): Promise<Tokenizer> {
  tokenizer ??= new Promise<Tokenizer>((resolve, reject) => {
    const packageJson = createRequire(import.meta.url).resolve('kuromoji/package.json')
    kuromoji.builder({ dicPath: `${join(dirname(packageJson), 'dict')}/` }).build((error, built) => {
      if (error) reject(error)
      else resolve(built)
    })
  })
  return tokenizer
}

const HAS_KANJI = /[\u3400-\u9fff\uf900-\ufaff]/

function katakanaToHiragana(text: string): string {
  return text.replace(/[\u30a1-\u30f6]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0x60))
}

/** Replaces text pieces by kana readings, one piece per morpheme so timings map back. */
export async function toKanaPieces(pieces: readonly EnginePiece[]): Promise<EnginePiece[]> {
  if (!pieces.some((p) => p.kind === 'text' && HAS_KANJI.test(p.text))) {
    // A segment in kana alone does not wait for the dictionary, but starts loading it: it reads
    // its files asynchronously and builds after this segment has gone out, so the later segments
    // (or the next request's) do not pay the second it takes.
    loadTokenizer().catch(() => {})
    return [...pieces]
  }
  const analyser = await loadTokenizer()
  const out: EnginePiece[] = []
  for (const piece of pieces) {
    if (piece.kind !== 'text' || !piece.exact) {
      out.push(piece)
      continue
    }
    for (const token of analyser.tokenize(piece.text)) {
      const start = piece.normStart + token.word_position - 1
      const end = start + token.surface_form.length
      const reading = token.pronunciation && token.pronunciation !== '*' ? token.pronunciation : undefined
      if (!reading || !HAS_KANJI.test(token.surface_form)) {
        out.push({ kind: 'text', text: token.surface_form, normStart: start, normEnd: end, exact: true })
      } else {
        out.push({
          kind: 'text',
          text: katakanaToHiragana(reading),
          normStart: start,
          normEnd: end,
          exact: false,
        })
      }
    }
  }
  return out
}
