import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { Recorder } from '../recording/recording.module.js'
import type { TranscriptAudioKeeper } from './editing/transcript-audio.js'
import { ExportOptionError, type ExportRequest } from './exports/export-options.js'
import { EXPORT_FILE_TYPES, exportBytes } from './exports/export-transcript.js'
import type { RecogniserChoice, RecogniserChoices } from './recogniser-choice.js'
import { decodeSource } from './source-audio.js'
import type { TranscriptsRepository } from './speech-to-text.repository.js'
import type { SourceFile, TranscriptionInput } from './stt-form.js'
import { type DecodedTranscription, transcribeAudio } from './transcribe-audio.js'
import { type TranscriptBody, transcriptBody } from './transcript-body.js'
import { listTranscripts, type TranscriptsQuery } from './transcripts-listing.js'

export type { TranscriptBody } from './transcript-body.js'

// Transcription as a product: the request is checked (model, language) before any work, the
// file is decoded, and the transcript is made and stored (transcribe-audio.ts); stored ones are
// listed, read, exported and deleted per workspace.

/** A stored transcript written out in one export format, ready to download. */
export interface TranscriptDownload {
  data: Buffer
  contentType: string
  fileName: string
}

export function createSpeechToTextService(deps: {
  recognisers: RecogniserChoices
  recorder: Recorder
  repository: TranscriptsRepository
  fetchCloudFile: (url: string) => Promise<SourceFile>
  /** Keeps a new transcript's audio for the editor to play and re-align. */
  audioKeeper?: TranscriptAudioKeeper
  /** The names the editor gave a transcript's speakers, written into its exports. */
  speakerNames?: (workspaceId: string, transcriptId: string) => Promise<Record<string, string>>
}) {
  /** The recogniser and language a request names, refused (4xx) before any work. */
  const check = (input: TranscriptionInput): RecogniserChoice =>
    deps.recognisers.choose(input.modelId, input.languageCode)

  /** The request's file: the upload, or the one `cloud_storage_url` names, downloaded. */
  async function sourceOf(input: TranscriptionInput): Promise<SourceFile> {
    return input.file ?? (await deps.fetchCloudFile(input.cloudStorageUrl!))
  }

  return {
    async transcribe(principal: Principal, requestId: string, input: TranscriptionInput) {
      const choice = check(input)
      const file = await sourceOf(input)
      const { samples, seconds } = await decodeSource(file)
      return transcribeAudio(deps, {
        principal,
        requestId,
        id: newId(),
        fileName: file.fileName,
        samples,
        seconds,
        input,
        choice,
      })
    },
    check,
    sourceOf,
    transcribeAudio: (job: DecodedTranscription) => transcribeAudio(deps, job),
    /** The speech to text models: the default engine's ids and the models directory's. */
    /** The models, once the user's sherpa-onnx models have each loaded or failed to at start. */
    models: async () => {
      await deps.recognisers.ready()
      return deps.recognisers.models()
    },

    /** The workspace's transcripts, newest first, a page at a time. */
    list: (principal: Principal, query: TranscriptsQuery) =>
      listTranscripts(deps.repository, principal, query),

    /** The workspace's transcript with this id, if one is stored. */
    async stored(workspaceId: string, id: string): Promise<TranscriptBody | undefined> {
      const row = await deps.repository.find(workspaceId, id)
      return row ? transcriptBody(row) : undefined
    },

    async get(principal: Principal, id: string): Promise<TranscriptBody> {
      const row = await deps.repository.find(principal.workspaceId, id)
      if (!row) throw new AppError('transcript_not_found', { param: 'transcription_id' })
      return transcriptBody(row)
    },

    /** A stored transcript in one export format; a format its words cannot give is refused. */
    async download(principal: Principal, id: string, request: ExportRequest): Promise<TranscriptDownload> {
      const row = await deps.repository.find(principal.workspaceId, id)
      if (!row) throw new AppError('transcript_not_found', { param: 'transcription_id' })
      const body = {
        ...transcriptBody(row),
        speaker_names: (await deps.speakerNames?.(principal.workspaceId, id)) ?? {},
      }
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
