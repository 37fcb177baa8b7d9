import { DEFAULT_OUTPUT_FORMAT, SPEECH_TO_TEXT_MODEL_IDS, speechToTextCredits } from '@timbre/contract'
import { audioEvents, diarise, parseOutputFormat, type Recogniser, transcribe } from '@timbre/speech'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { Recorder } from '../recording/recording.module.js'
import type { TranscriptAudioKeeper } from './editing/transcript-audio.js'
import { ExportOptionError, type ExportRequest } from './exports/export-options.js'
import {
  EXPORT_FILE_TYPES,
  type ExportedFile,
  exportBytes,
  exportTranscript,
} from './exports/export-transcript.js'
import { decodeSource } from './source-audio.js'
import type { TranscriptRow, TranscriptsRepository } from './speech-to-text.repository.js'
import type { SourceFile, TranscriptionInput } from './stt-form.js'
import { type ApiWord, apiWords } from './transcript-words.js'
import { listTranscripts, type TranscriptsQuery } from './transcripts-listing.js'

// Transcription as a product: the file is checked and decoded, the recogniser runs on its
// spoken stretches, and the transcript is stored with its charge in one transaction. Audio with
// no speech gives an empty transcript and costs nothing; a failure releases the reservation.

/** The language codes the installed recognisers understand, in both ISO 639 forms. */
const LANGUAGE_CODES: Record<string, string> = { en: 'eng', eng: 'eng' }
/** The recorder needs an output format; a transcript has no audio, so none is ever stored. */
const NO_AUDIO_FORMAT = parseOutputFormat(DEFAULT_OUTPUT_FORMAT)

export interface TranscriptBody {
  language_code: string
  language_probability: number
  text: string
  words: ApiWord[]
  transcription_id: string
  audio_duration_secs: number
  additional_formats?: ExportedFile[]
}

/** A stored transcript written out in one export format, ready to download. */
export interface TranscriptDownload {
  data: Buffer
  contentType: string
  fileName: string
}

export function transcriptBody(row: TranscriptRow): TranscriptBody {
  const words = (typeof row.words === 'string' ? JSON.parse(row.words) : row.words) as ApiWord[]
  return {
    language_code: row.language_code,
    language_probability: row.language_probability,
    text: row.text,
    words,
    transcription_id: row.id,
    audio_duration_secs: row.audio_duration_seconds,
  }
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

export function createSpeechToTextService(deps: {
  recogniser: Recogniser
  recorder: Recorder
  repository: TranscriptsRepository
  fetchCloudFile: (url: string) => Promise<SourceFile>
  audioKeeper?: TranscriptAudioKeeper
}) {
  function checkRequest(input: TranscriptionInput): string {
    if (deps.recogniser.unavailable()) throw new AppError('speech_to_text_engine_missing')
    if (!(SPEECH_TO_TEXT_MODEL_IDS as readonly string[]).includes(input.modelId))
      throw new AppError('validation_error', {
        param: 'model_id',
        message: `model_id must be one of ${SPEECH_TO_TEXT_MODEL_IDS.join(', ')}.`,
      })
    if (input.webhook)
      throw new AppError('validation_error', {
        param: 'webhook',
        message: 'Asynchronous transcription with a webhook is not available on this server yet.',
      })
    const language = input.languageCode ? LANGUAGE_CODES[input.languageCode.toLowerCase()] : 'eng'
    if (!language) throw new AppError('speech_to_text_unsupported_language', { param: 'language_code' })
    return language
  }

  async function transcribeRequest(principal: Principal, requestId: string, input: TranscriptionInput) {
    const languageCode = checkRequest(input)
    const file = input.file ?? (await deps.fetchCloudFile(input.cloudStorageUrl!))
    const { samples, seconds } = await decodeSource(file)
    const found = await transcribe(deps.recogniser, samples, { keyterms: input.keyterms })
    const text = found.words.map((w) => w.text).join(' ')
    const speakerOf = speakersOf(samples, found, input)
    const words = apiWords(found.words, { granularity: input.granularity, speakerOf })
    if (input.tagAudioEvents) withEvents(words, await audioEvents(samples), input.granularity !== 'none')
    // One recogniser per language so far: the language is certain when named, and otherwise
    // only as likely as the words the English model found in it.
    const meanPosterior =
      found.words.length === 0
        ? 0
        : found.words.reduce((s, w) => s + Math.exp(w.logprob), 0) / found.words.length
    const id = newId()
    // Exports are written before anything is stored or charged, so a failing one costs nothing.
    const exported = await Promise.all(
      input.additionalFormats.map((request) =>
        exportTranscript({ transcription_id: id, language_code: languageCode, words }, request),
      ),
    )
    const row = {
      id,
      workspace_id: principal.workspaceId,
      user_id: principal.userId,
      request_id: requestId,
      model_id: input.modelId,
      file_name: file.fileName,
      language_code: languageCode,
      language_probability: input.languageCode ? 1 : Math.round(meanPosterior * 1000) / 1000,
      text,
      words: JSON.stringify(words),
      audio_duration_seconds: Math.round(seconds * 1000) / 1000,
      credits: 0,
    }
    if (found.words.length === 0) await deps.repository.insert(row)
    else await charged(principal, requestId, row, seconds, input.modelId)
    await deps.audioKeeper?.keep({ workspaceId: principal.workspaceId, transcriptId: id, samples, seconds })
    const body = transcriptBody({ ...row, created_at: new Date() } as unknown as TranscriptRow)
    if (exported.length > 0) body.additional_formats = exported
    return body
  }

  /** Reserves the price, then writes the transcript in the settlement's transaction. */
  async function charged(
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

  return {
    transcribe: transcribeRequest,

    /** The workspace's transcripts, newest first, a page at a time. */
    list: (principal: Principal, query: TranscriptsQuery) =>
      listTranscripts(deps.repository, principal, query),

    async get(principal: Principal, id: string): Promise<TranscriptBody> {
      const row = await deps.repository.find(principal.workspaceId, id)
      if (!row) throw new AppError('transcript_not_found', { param: 'transcription_id' })
      return transcriptBody(row)
    },

    /** A stored transcript in one export format; a format its words cannot give is refused. */
    async download(principal: Principal, id: string, request: ExportRequest): Promise<TranscriptDownload> {
      const row = await deps.repository.find(principal.workspaceId, id)
      if (!row) throw new AppError('transcript_not_found', { param: 'transcription_id' })
      const body = transcriptBody(row)
      let bytes: Awaited<ReturnType<typeof exportBytes>>
      try {
        bytes = await exportBytes(body, request)
      } catch (error) {
        if (error instanceof ExportOptionError)
          throw new AppError('validation_error', { param: 'format', message: error.message })
        throw error
      }
      const type = EXPORT_FILE_TYPES[request.format]
      return {
        data: 'binary' in bytes ? bytes.binary : Buffer.from(bytes.text, 'utf8'),
        contentType: 'binary' in bytes ? type.contentType : `${type.contentType}; charset=utf-8`,
        fileName: `transcript-${id}.${type.extension}`,
      }
    },

    async remove(principal: Principal, id: string): Promise<void> {
      if (!(await deps.repository.delete(principal.workspaceId, id)))
        throw new AppError('transcript_not_found', { param: 'transcription_id' })
    },
  }
}

export type SpeechToTextService = ReturnType<typeof createSpeechToTextService>
