import { DEFAULT_OUTPUT_FORMAT, FORCED_ALIGNMENT_TEXT_MAX, forcedAlignmentCredits } from '@timbre/contract'
import {
  parseOutputFormat,
  RECOGNITION_SAMPLE_RATE,
  type RecognisedWord,
  type Recogniser,
  type SpeechService,
  speechSegments,
  synthesisAlignsLanguage,
  vocabularyWords,
} from '@timbre/speech'
import { AppError } from '../../errors.js'
import { toAppError } from '../../platform/generation/speech-errors.js'
import type { Principal } from '../../plugins/auth.js'
import type { Recorder } from '../recording/recording.module.js'
import { languageCode, understands } from './language-codes.js'
import { decodeSource } from './source-audio.js'
import type { SourceFile } from './stt-form.js'
import { type ApiCharacter, characterTimes } from './transcript-words.js'

// Forced alignment: the times of a known text in a recording. The recogniser is held to the
// text's word sequence; words its dictionary cannot spell take their share of the time between
// the aligned words around them, and carry a loss of 1 (an aligned word's loss is 1 minus its
// posterior). Languages the recogniser does not cover are aligned against our own synthesis
// of the text instead (the speech package's synthesis alignment).

const NO_AUDIO_FORMAT = parseOutputFormat(DEFAULT_OUTPUT_FORMAT)
const round = (t: number) => Math.round(t * 1000) / 1000

interface Token {
  text: string
  /** Indices into the vocabulary words this token spells. */
  vocab: number[]
}

/** A text's words, each with the vocabulary words it spells (the transcript editor aligns with these too). */
export function tokens(text: string): { list: Token[]; vocab: string[] } {
  const vocab: string[] = []
  const list = text
    .split(/\s+/)
    .filter(Boolean)
    .map((raw) => {
      const own = vocabularyWords(raw)
      const indices = own.map((w) => vocab.push(w) - 1)
      return { text: raw, vocab: indices }
    })
  return { list, vocab }
}

/** Places the aligned words back on the text's vocabulary, filling gaps evenly. */
export function placeWords(vocab: string[], aligned: RecognisedWord[], start: number, end: number) {
  const times: Array<{ start: number; end: number; loss: number } | null> = vocab.map(() => null)
  let at = 0
  for (const word of aligned) {
    while (at < vocab.length && vocab[at] !== word.text) at++
    if (at >= vocab.length) break
    times[at] = { start: word.start, end: word.end, loss: 1 - Math.exp(word.logprob) }
    at++
  }
  for (let i = 0; i < times.length; i++) {
    if (times[i]) continue
    let j = i
    while (j < times.length && !times[j]) j++
    const from = times[i - 1]?.end ?? start
    const to = times[j]?.start ?? end
    const step = Math.max(0, to - from) / (j - i)
    for (let k = i; k < j; k++)
      times[k] = { start: from + (k - i) * step, end: from + (k - i + 1) * step, loss: 1 }
    i = j - 1
  }
  return times as Array<{ start: number; end: number; loss: number }>
}

export function createForcedAlignmentService(deps: {
  recogniser: Recogniser
  recorder: Recorder
  /** Lines a recording up with the text's own synthesis, in a speech thread. */
  alignBySynthesis: SpeechService['alignBySynthesis']
}) {
  return {
    async align(
      principal: Principal,
      requestId: string,
      file: SourceFile,
      text: string,
      asked: string | null = null,
    ) {
      if ([...text].length > FORCED_ALIGNMENT_TEXT_MAX)
        throw new AppError('validation_error', {
          param: 'text',
          message: `The text is at most ${FORCED_ALIGNMENT_TEXT_MAX} characters.`,
        })
      const language = asked === null ? null : (languageCode(asked) ?? null)
      if (asked !== null && !language)
        throw new AppError('forced_alignment_unsupported_language', { param: 'language_code' })
      const bySynthesis = language !== null && !understands(deps.recogniser.languages, language)
      if (bySynthesis && !synthesisAlignsLanguage(language.iso1 ?? language.iso3))
        throw new AppError('forced_alignment_unsupported_language', { param: 'language_code' })
      if (!bySynthesis && deps.recogniser.unavailable()) throw new AppError('speech_to_text_engine_missing')
      const { list, vocab } = tokens(text)
      if (vocab.length === 0) throw new AppError('forced_alignment_text_empty', { param: 'text' })
      const { samples, seconds } = await decodeSource(file)
      const speech = await speechSegments(samples)
      if (speech.length === 0) throw new AppError('forced_alignment_failed', { param: 'file' })
      const words = bySynthesis
        ? await synthesisWords(samples, text, language!.iso1 ?? language!.iso3)
        : await recognisedWords(samples, list, vocab, speech[0]!.start, speech.at(-1)!.end)
      const characters: ApiCharacter[] = []
      words.forEach((w, i) => {
        const next = words[i + 1]
        characters.push(...characterTimes(w.text, w.start, w.end))
        if (next) characters.push({ text: ' ', start: w.end, end: Math.max(w.end, next.start) })
      })
      const loss = round(words.reduce((s, w) => s + w.loss, 0) / Math.max(1, words.length))
      await charge(principal, requestId, file.fileName, seconds)
      return { characters, words, loss }
    },
  }

  async function recognisedWords(
    samples: Float32Array,
    list: Token[],
    vocab: string[],
    start: number,
    end: number,
  ) {
    const aligned = await deps.recogniser.align(samples, vocab)
    if (aligned.length === 0) throw new AppError('forced_alignment_failed', { param: 'text' })
    const times = placeWords(vocab, aligned, start, end)
    return list
      .filter((t) => t.vocab.length > 0)
      .map((t) => {
        const first = times[t.vocab[0]!]!
        const last = times[t.vocab.at(-1)!]!
        const loss = t.vocab.reduce((s, i) => s + times[i]!.loss, 0) / t.vocab.length
        return { text: t.text, start: round(first.start), end: round(last.end), loss: round(loss) }
      })
  }

  async function synthesisWords(samples: Float32Array, text: string, language: string) {
    // Every word the recogniser would align (it spells letters or digits) is kept, in order.
    const spans = [...text.matchAll(/\S+/g)]
      .filter((m) => vocabularyWords(m[0]).length > 0)
      .map((m) => ({ text: m[0], from: m.index, to: m.index + m[0].length }))
    // The speech threads' refusals (audio too short to line up) are the caller's errors.
    const aligned = await deps
      .alignBySynthesis({ samples, sampleRate: RECOGNITION_SAMPLE_RATE, text, words: spans, language })
      .catch((error: unknown) => {
        throw toAppError(error)
      })
    return spans.map((w, i) => ({
      text: w.text,
      start: round(aligned[i]!.start),
      end: round(aligned[i]!.end),
      loss: round(aligned[i]!.loss),
    }))
  }

  async function charge(principal: Principal, requestId: string, name: string, seconds: number) {
    const recording = await deps.recorder.begin({
      principal,
      requestId,
      kind: 'forced-alignment',
      format: NO_AUDIO_FORMAT,
      costMultiplier: 1,
      history: null,
      meter: { modelId: null, resourceId: null },
      charge: { text: name, hash: null, credits: forcedAlignmentCredits(seconds) },
    })
    try {
      recording.held({
        audio: new Uint8Array(0),
        alignment: null,
        characters: 1,
        piece: 0,
        endSeconds: seconds,
      })
      await recording.complete()
    } catch (error) {
      await recording.fail()
      throw error
    }
  }
}

export type ForcedAlignmentService = ReturnType<typeof createForcedAlignmentService>
