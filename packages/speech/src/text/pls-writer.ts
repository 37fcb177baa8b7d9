// Writes rules as a W3C PLS 1.0 lexicon (the download format of a dictionary version). One
// lexeme per rule: an alias rule gives <alias>, a phoneme rule a <phoneme> with its own
// alphabet ("ipa" or "x-cmu"), written without the slashes that wrap phonemes in our rules.
// parsePls reads the result back into the same rules (case and word-boundary flags are not
// part of PLS and are not kept).
import { unwrapPhonemes } from './ipa-to-espeak.js'
import type { PronunciationRule } from './types.js'

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ESCAPES[ch] ?? ch)
}

export function formatPls(rules: readonly PronunciationRule[], language = 'en-US'): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<lexicon version="1.0" xmlns="http://www.w3.org/2005/01/pronunciation-lexicon" alphabet="ipa" xml:lang="${escapeXml(language)}">`,
  ]
  for (const rule of rules) {
    lines.push('  <lexeme>')
    lines.push(`    <grapheme>${escapeXml(rule.stringToReplace)}</grapheme>`)
    if (rule.type === 'alias') lines.push(`    <alias>${escapeXml(rule.alias)}</alias>`)
    else {
      const alphabet = rule.alphabet === 'ipa' ? 'ipa' : 'x-cmu'
      lines.push(`    <phoneme alphabet="${alphabet}">${escapeXml(unwrapPhonemes(rule.phoneme))}</phoneme>`)
    }
    lines.push('  </lexeme>')
  }
  lines.push('</lexicon>', '')
  return lines.join('\n')
}
