// The part of fontkit (a dependency of pdfkit, which ships no types) the PDF export uses.
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean
  }
  export function openSync(path: string, postscriptName?: string): Font
}
