/// <reference path="./fontkit.d.ts" />
import { existsSync } from 'node:fs'
import * as fontkit from 'fontkit'

// Fonts of the PDF export. PDF's standard Helvetica needs no embedding but only draws the
// Windows-1252 (WinAnsi) characters; other text is drawn with a Unicode font of the system,
// embedded (subset) in the file. Characters no font here has are drawn as "?", so a transcript
// in any script gives a readable PDF rather than an error or garbled text.

/** Unicode fonts looked for, in order: Debian's fonts-dejavu-core (Latin, Greek, Cyrillic and
 *  more) and fonts-droid-fallback (Chinese, Japanese, Korean). */
export const UNICODE_FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf',
] as const

export const STANDARD_FONT = 'Helvetica'
export const REPLACEMENT = '?'

/** The characters Windows-1252 adds to Latin-1 in 0x80..0x9F, all drawable with Helvetica. */
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ'].map((c) => c.codePointAt(0)!))

export function isWinAnsi(codePoint: number): boolean {
  return (
    (codePoint >= 0x20 && codePoint <= 0x7e) ||
    (codePoint >= 0xa0 && codePoint <= 0xff) ||
    WIN_ANSI_EXTRA.has(codePoint)
  )
}

export interface UnicodeFont {
  path: string
  has(codePoint: number): boolean
}

let found: UnicodeFont[] | undefined

/** The Unicode fonts present on this machine, opened once. */
export function unicodeFonts(): UnicodeFont[] {
  found ??= UNICODE_FONT_FILES.filter((path) => existsSync(path)).flatMap((path) => {
    try {
      const font = fontkit.openSync(path)
      return [{ path, has: (cp: number) => font.hasGlyphForCodePoint(cp) }]
    } catch {
      return []
    }
  })
  return found
}

export interface TextRun {
  /** STANDARD_FONT or the path of a Unicode font. */
  font: string
  text: string
}

/** Splits text into runs each drawable in one font, replacing what no font can draw. */
export function fontRuns(text: string, fonts: readonly UnicodeFont[]): TextRun[] {
  const runs: TextRun[] = []
  for (const char of text) {
    const cp = char.codePointAt(0)!
    let font: string
    let drawn = char
    if (isWinAnsi(cp) || char === '\n') font = STANDARD_FONT
    else {
      const unicode = fonts.find((f) => f.has(cp))
      font = unicode ? unicode.path : STANDARD_FONT
      if (!unicode) drawn = REPLACEMENT
    }
    const last = runs.at(-1)
    if (last && last.font === font) last.text += drawn
    else runs.push({ font, text: drawn })
  }
  return runs
}
