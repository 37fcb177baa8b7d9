// Test helper: the normalised text of a plan in one language.
import { planText } from './plan-text.js'

export function normalize(language: string, text: string): string {
  return planText(text, { language, normalization: 'auto', tags: 'strip' }).normalized
}
