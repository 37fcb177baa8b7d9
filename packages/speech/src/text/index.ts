// Text processing for speech: pure functions, no engines, no I/O. See README.md in this folder.
export type { CharacterAlignment } from './alignment.js'
export { alignNormalized, alignOriginal } from './alignment.js'

export { arpabetToEspeak } from './arpabet-to-espeak.js'
export type { AudioTagEffect, AudioTagSpan } from './audio-tags.js'
export { classifyAudioTag, DEFAULT_STYLE, findAudioTags, PAUSE_SECONDS } from './audio-tags.js'
export type { TextInputErrorCode } from './errors.js'
export { isTextInputError, TextInputError } from './errors.js'
export { ipaToEspeak } from './ipa-to-espeak.js'
export { MAX_LEXICON_BYTES, parseLexiconFile } from './lexicon-file.js'
export type { ParsedLexicon } from './lexicon-types.js'
export { NORMALIZED_LANGUAGES } from './normalizers.js'
export { DEFAULT_MAX_SEGMENT_CHARS, planText } from './plan-text.js'
export { parsePls } from './pls-parser.js'
export { formatPls } from './pls-writer.js'
export { MAX_RULE_OUTPUT_CHARS } from './pronunciation.js'
export type { SplitOptions, TextRange } from './sentence-splitter.js'
export { splitSentences } from './sentence-splitter.js'
export { isSpeakable } from './speakable.js'
export { stripAudioTags } from './strip-audio-tags.js'
export { parseTxtLexicon } from './txt-lexicon-parser.js'
export type {
  NormalizationMode,
  PlanOptions,
  PronunciationRule,
  Segment,
  SegmentStyle,
  SpeechPiece,
  TagMode,
  TextPlan,
} from './types.js'
