// Errors for text the caller gave us that we cannot use (bad phonemes, malformed
// dictionary files). The server maps them to a 400/422 body with `code` and `message`.

export type TextInputErrorCode =
  | 'invalid_phoneme'
  | 'invalid_rule'
  | 'invalid_lexicon'
  | 'lexicon_too_large'
  | 'unknown_alphabet'

export class TextInputError extends Error {
  readonly code: TextInputErrorCode
  /** 1-based line of the input at fault, when known. */
  readonly line: number | undefined

  constructor(code: TextInputErrorCode, message: string, line?: number) {
    super(message)
    this.name = 'TextInputError'
    this.code = code
    this.line = line
  }
}

export function isTextInputError(value: unknown): value is TextInputError {
  return value instanceof TextInputError
}
