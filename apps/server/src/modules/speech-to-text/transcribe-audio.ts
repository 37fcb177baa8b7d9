import { DEFAULT_OUTPUT_FORMAT, speechToTextCredits } from '@timbre/contract'
import { audioEvents, diarise, parseOutputFormat, transcribe } from '@timbre/speech'
import type { Principal } from '../../plugins/auth.js'
import type { Recorder } from '../recording/recording.module.js'
import type { TranscriptAudioKeeper } from './editing/transcript-audio.js'
import { exportTranscript } from './exports/export-transcript.js'
import { type LanguageCode, languageCode } from './language-codes.js'
import type { RecogniserChoice } from './recogniser-choice.js'
import type { TranscriptRow, TranscriptsRepository } from './speech-to-text.repository.js'
import type { TranscriptionInput } from './stt-form.js'
import { type TranscriptBody, transcriptBody } from './transcript-body.js'
import { type ApiWord, apiWords } from './transcript-words.js'

// Decoded audio into a stored, charged transcript: the recogniser runs on the spoken stretches,
// speakers and audio events are added when asked for, exports are written, and the transcript is
// stored in the charge's transaction. Audio with no speech gives an empty transcript and costs
// nothing; a failure releases the reservation. The request's own path and a background job's
// both end here.

/** The recorder needs an output format; a transcript has no audio, so none is ever stored. */
const NO_AUDIO_FORMAT = parseOutputFormat(DEFAULT_OUTPUT_FORMAT)

export interface TranscribeAudioDeps {
  recorder: Recorder
  repository: TranscriptsRepository
  audioKeeper?: TranscriptAudioKeeper | undefined
}

/** Audio already decoded, with everything its transcript needs. */
export interface DecodedTranscription {
  principal: Principal
  requestId: string
  /** The transcript's id (a background job's own id, so a rerun finds what a first run stored). */
  id: string
  fileName: string
  samples: Float32Array
  seconds: number
  input: TranscriptionInput
  choice: RecogniserChoice
  /** The share of the spoken stretches recognised so far, 0 to 1. */
  onProgress?: (fraction: number) => void
  /**
   * Stored without a charge: the transcript is a step of work another product prices itself
   * (a production's machine transcript, which the production's own price pays for).
   */
  uncharged?: boolean
}

/**
 * Puts the audio events among the words by time. They stay out of `text`, which holds what was
 * said; a file with only events costs nothing, like silence.
 */
function withEvents(words: ApiWord[], events: Awaited<ReturnType<typeof audioEvents>>, timed: boolean): void {
  for (const event of events) {
    const at = words.findIndex((w) => w.start !== null && w.start >= event.start)
    const item: ApiWord = {
      text: event.label,
      start: timed ? Math.round(event.start * 1000) / 1000 : null,
      end: timed ? Math.round(event.end * 1000) / 1000 : null,
      type: 'audio_event',
      speaker_id: null,
      logprob: 0,
      characters: null,
    }
    if (at < 0) words.push(item)
    else words.splice(at, 0, item)
  }
}

/** Each word's speaker (`speaker_N`) when diarisation was asked for: its spoken stretch's voice. */
function speakersOf(
  samples: Float32Array,
  found: Awaited<ReturnType<typeof transcribe>>,
  input: TranscriptionInput,
): (index: number) => string | null {
  if (!input.diarize) return () => null
  const bySegment = diarise(samples, found.segments, {
    speakers: input.numSpeakers,
    threshold: input.diarizationThreshold,
  })
  return (index) => {
    const word = found.words[index]!
    const middle = (word.start + word.end) / 2
    const segment = found.segments.findIndex((s) => middle >= s.start && middle <= s.end)
    return `speaker_${bySegment[Math.max(0, segment)] ?? 0}`
  }
}

/**
 * The language of the transcript and how sure it is. Named, it is certain. Identified utterance
 * by utterance, it is the one heard for most of the speech, as likely as the share of the speech
 * heard in it. Assumed (a recogniser of one language), it is as likely as the words that
 * recogniser found in the audio.
 */
function languageOf(
  choice: RecogniserChoice,
  named: boolean,
  heard: Map<string, number>,
  words: readonly { logprob: number }[],
): { language: LanguageCode; probability: number } {
  const total = [...heard.values()].reduce((a, b) => a + b, 0)
  if (!choice.language && total > 0) {
    const [code, seconds] = [...heard.entries()].sort((a, b) => b[1] - a[1])[0]!
    const language = languageCode(code) ?? languageCode('en')!
    return { language, probability: Math.round((seconds / total) * 1000) / 1000 }
  }
  const language = choice.language ?? languageCode(choice.recogniser.languages[0] ?? 'en')!
  if (named) return { language, probability: 1 }
  const mean = words.length === 0 ? 0 : words.reduce((s, w) => s + Math.exp(w.logprob), 0) / words.length
  return { language, probability: Math.round(mean * 1000) / 1000 }
}

export async function transcribeAudio(
  deps: TranscribeAudioDeps,
  job: DecodedTranscription,
): Promise<TranscriptBody> {
  const { principal, requestId, id, samples, seconds, input, choice } = job
  const heard = new Map<string, number>()
  const found = await transcribe(choice.recogniser, samples, {
    keyterms: input.keyterms,
    language: choice.language?.iso1 ?? 'auto',
    onLanguage: (code, length) => heard.set(code, (heard.get(code) ?? 0) + length),
    ...(job.onProgress ? { onProgress: job.onProgress } : {}),
  })
  const text = found.words.map((w) => w.text).join(' ')
  const speakerOf = speakersOf(samples, found, input)
  const words = apiWords(found.words, { granularity: input.granularity, speakerOf })
  if (input.tagAudioEvents) withEvents(words, await audioEvents(samples), input.granularity !== 'none')
  const { language, probability } = languageOf(choice, input.languageCode !== null, heard, found.words)
  // Exports are written before anything is stored or charged, so a failing one costs nothing.
  const exported = await Promise.all(
    input.additionalFormats.map((request) =>
      exportTranscript({ transcription_id: id, language_code: language.iso3, words }, request),
    ),
  )
  const row = {
    id,
    workspace_id: principal.workspaceId,
    user_id: principal.userId,
    request_id: requestId,
    model_id: input.modelId,
    file_name: job.fileName,
    language_code: language.iso3,
    language_probability: probability,
    text,
    words: JSON.stringify(words),
    audio_duration_seconds: Math.round(seconds * 1000) / 1000,
    credits: 0,
  }
  if (found.words.length === 0 || job.uncharged) await deps.repository.insert(row)
  else await charged(deps, principal, requestId, row, seconds, input.modelId)
  await deps.audioKeeper?.keep({ workspaceId: principal.workspaceId, transcriptId: id, samples, seconds })
  const body = transcriptBody({ ...row, created_at: new Date() } as unknown as TranscriptRow)
  if (exported.length > 0) body.additional_formats = exported
  return body
}

/** Reserves the price, then writes the transcript in the settlement's transaction. */
async function charged(
  deps: TranscribeAudioDeps,
  principal: Principal,
  requestId: string,
  row: Parameters<TranscriptsRepository['insert']>[0],
  seconds: number,
  modelId: string,
): Promise<void> {
  const credits = speechToTextCredits(seconds)
  const recording = await deps.recorder.begin({
    principal,
    requestId,
    kind: 'speech-to-text',
    format: NO_AUDIO_FORMAT,
    costMultiplier: 1,
    history: null,
    meter: { modelId, resourceId: null },
    charge: { text: row.file_name, hash: null, credits },
  })
  try {
    recording.held({
      audio: new Uint8Array(0),
      alignment: null,
      characters: 1,
      piece: 0,
      endSeconds: seconds,
    })
    await recording.complete({
      within: (trx) => deps.repository.insert({ ...row, credits: recording.cost }, trx),
    })
    row.credits = recording.cost
  } catch (error) {
    await recording.fail()
    throw error
  }
}
