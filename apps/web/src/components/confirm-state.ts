// The generic confirm dialog's rules: an optional wait countdown before Confirm is enabled, and
// an optional input the user must fill (checked with the browser's own validity check, e.g. a
// pattern that asks for an exact word).

export type ConfirmBlocker = 'waiting' | 'input' | null

/** What still keeps Confirm disabled, if anything: the countdown first, then the input. */
export function confirmBlocker(state: {
  secondsLeft: number
  hasInput: boolean
  inputValid: boolean
}): ConfirmBlocker {
  if (state.secondsLeft > 0) return 'waiting'
  if (state.hasInput && !state.inputValid) return 'input'
  return null
}

/** The countdown one tick later, never below zero. */
export function tick(secondsLeft: number): number {
  return Math.max(0, secondsLeft - 1)
}

/** A `pattern` attribute that accepts exactly `text` (regular-expression characters escaped). */
export function exactPattern(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')
}
