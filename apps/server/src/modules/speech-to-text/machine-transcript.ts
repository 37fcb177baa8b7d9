import { SPEECH_TO_TEXT_MODEL_IDS } from '@timbre/contract'
import { jobPrincipal } from '../../platform/jobs/job-principal.js'
import { decodeSource } from './source-audio.js'
import type { SpeechToTextService, TranscriptBody } from './speech-to-text.service.js'
import type { TranscriptionInput } from './stt-form.js'

// A machine transcript made for another product's own priced work: stored in the workspace like
// any transcript (with its audio kept, so the transcript editor plays and re-aligns it) but never
// charged, since that product's price already covers it. Keyed by the caller's id, so a run
// repeated after a crash finds the transcript the first one stored instead of making another.

export interface MachineTranscriptRequest {
  workspaceId: string
  userId: string | null
  /** The transcript's id, chosen by the caller and stable across retries. */
  id: string
  fileName: string
  data: Buffer
  /** An ISO code, or null to identify the language. */
  languageCode: string | null
  /** The number of speakers when known; null to find them. */
  speakers: number | null
  onProgress?: (fraction: number) => void
}

export async function machineTranscript(
  stt: Pick<SpeechToTextService, 'stored' | 'check' | 'transcribeAudio'>,
  request: MachineTranscriptRequest,
): Promise<TranscriptBody> {
  const stored = await stt.stored(request.workspaceId, request.id)
  if (stored) return stored
  const input: TranscriptionInput = {
    file: null,
    cloudStorageUrl: null,
    modelId: SPEECH_TO_TEXT_MODEL_IDS[0],
    languageCode: request.languageCode,
    tagAudioEvents: true,
    numSpeakers: request.speakers,
    granularity: 'word',
    diarize: request.speakers !== 1,
    diarizationThreshold: null,
    additionalFormats: [],
    webhook: false,
    webhookId: null,
    webhookMetadata: null,
    keyterms: [],
  }
  const choice = stt.check(input)
  const { samples, seconds } = await decodeSource({
    data: request.data,
    fileName: request.fileName,
    fileFormat: 'other',
  })
  return stt.transcribeAudio({
    principal: jobPrincipal({
      userId: request.userId ?? '',
      workspaceId: request.workspaceId,
      apiKeyId: null,
    }),
    requestId: `machine-transcript:${request.id}`,
    id: request.id,
    fileName: request.fileName,
    samples,
    seconds,
    input,
    choice,
    uncharged: true,
    ...(request.onProgress ? { onProgress: request.onProgress } : {}),
  })
}
