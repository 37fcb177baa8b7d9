// kuromoji ships no types; only what the Japanese reading step uses.
declare module 'kuromoji' {
  export interface IpadicFeatures {
    word_position: number
    surface_form: string
    pos: string
    reading?: string
    pronunciation?: string
  }
  export interface Tokenizer {
    tokenize(text: string): IpadicFeatures[]
  }
  export interface TokenizerBuilder {
    build(callback: (error: Error | null, tokenizer: Tokenizer) => void): void
  }
  export function builder(options: { dicPath: string }): TokenizerBuilder
  const kuromoji: { builder: typeof builder }
  export default kuromoji
}
