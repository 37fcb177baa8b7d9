// The main entry: text in, a plan of segments out. Steps, in order:
// clean (control characters, emoji) -> audio tags -> pronunciation rules -> normalisation
// -> white space and assembly -> sentences, tag cuts and clause splits.

import { TextAssembler } from './assemble-text.js'
import { type AudioTagEffect, classifyAudioTag, findAudioTags } from './audio-tags.js'
import { buildSegments } from './build-segments.js'
import { cleanText } from './clean-text.js'
import { type MappedText, sliceMapped, spanOf } from './mapped-text.js'
import { normalizerFor } from './normalizers.js'
import { applyRules, compileRules } from './pronunciation.js'
import type { PlanOptions, TextPlan } from './types.js'

export const DEFAULT_MAX_SEGMENT_CHARS = 300
/** Smaller limits are raised to this, so a split always makes progress on real words. */
export const MIN_SEGMENT_CHARS = 16

export function planText(text: string, options: PlanOptions): TextPlan {
  const { language, region } = parseLanguage(options.language)
  const maxSegmentChars = Math.max(
    MIN_SEGMENT_CHARS,
    Math.floor(options.maxSegmentChars ?? DEFAULT_MAX_SEGMENT_CHARS),
  )
  const rules = compileRules(options.rules ?? [])
  const normalize = options.normalization === 'off' ? undefined : normalizerFor(language, region)
  const cleaned = cleanText(text)
  const assembler = new TextAssembler()

  const addText = (mapped: MappedText): void => {
    for (const piece of applyRules(mapped, rules)) {
      if (piece.kind === 'text') assembler.text(normalize ? normalize(piece.mapped) : piece.mapped)
      else {
        assembler.phoneme(piece.mapped, {
          espeak: piece.espeak,
          source: piece.source,
          alphabet: piece.alphabet,
        })
      }
    }
  }

  let pos = 0
  for (const tag of findAudioTags(cleaned.text)) {
    addText(sliceMapped(cleaned, pos, tag.start))
    const [origStart, origEnd] = spanOf(cleaned, tag.start, tag.end)
    const effect: AudioTagEffect | undefined =
      options.tags === 'apply' ? classifyAudioTag(tag.name) : undefined
    assembler.tag(origStart, origEnd, effect)
    pos = tag.end
  }
  addText(sliceMapped(cleaned, pos, cleaned.text.length))
  assembler.finish()

  const normalized = assembler.out.build()
  const normToOrig = new Int32Array(normalized.text.length * 2)
  for (let i = 0; i < normalized.text.length; i++) {
    normToOrig[2 * i] = normalized.starts[i] ?? 0
    normToOrig[2 * i + 1] = normalized.ends[i] ?? 0
  }
  const segments = buildSegments({
    normalized: normalized.text,
    starts: normalized.starts,
    ends: normalized.ends,
    events: assembler.events,
    atoms: assembler.atoms,
    hardBreaks: assembler.hardBreaks,
    language,
    maxSegmentChars,
    firstSegmentChars: Math.max(MIN_SEGMENT_CHARS, Math.floor(options.firstSegmentChars ?? maxSegmentChars)),
  })
  return { original: text, normalized: normalized.text, normToOrig, segments, language }
}

/** `pt-BR` -> { language: 'pt', region: 'br' }; `EN` -> { language: 'en' }. */
export function parseLanguage(code: string): { language: string; region: string | undefined } {
  const [language = '', region] = code.trim().toLowerCase().split(/[-_]/)
  return { language, region }
}
