import {
  analyseVoice,
  combineFeatures,
  deriveCloneVoice,
  nearestBase,
  type SpeechService,
  similarityOf,
  type VoiceFeatures,
  voiceDistance,
} from '@timbre/speech'
import { type createBaseVoices, measureVoice } from '../../platform/audio/measure.js'
import type { HeldRun } from '../../platform/jobs/held-run-runner.js'
import { verifiedLanguagesOf } from '../voices/voices.module.js'
import type { PvcRepository } from './pvc.repository.js'
import type { PvcService, StoredSpeaker } from './pvc.service.js'
import { cutSpans, DECODE_RATE } from './pvc-audio.js'

// Training a professional clone, as a job with progress: every sample (its trimmed part, and
// only the selected speakers when speakers were separated) is measured whole, the premade
// voice of the language nearest to the measurements is retuned to them (the same derivation
// as instant cloning, on all of the audio), and the clone's own rendering is measured to score
// it. Training charges no credits: the plan includes its professional clones.

/** Progress written while the samples are measured; the rest is derivation and scoring. */
const MEASURE_SHARE = 80

export interface TrainingReport {
  base_voice_id: string
  distance: number
  similarity: number
  samples: VoiceFeatures
  clone: VoiceFeatures
}

export interface TrainVoiceDeps {
  service: PvcService
  repository: PvcRepository
  speech: SpeechService
  /** The premade voices of a language, to retune the nearest one. */
  basesFor: ReturnType<typeof createBaseVoices>
}

/** One training: measure the samples, retune the nearest premade voice, score and store it. */
export async function trainVoice(deps: TrainVoiceDeps, voiceId: string, run: HeldRun): Promise<void> {
  const { service, repository, speech, basesFor } = deps
  const flow = await repository.findById(voiceId)
  if (flow?.state !== 'fine_tuning') return
  const voice = await service.voiceOf({ userId: '', workspaceId: flow.workspace_id }, voiceId)
  const samples = await repository.samples(voiceId)
  const measured: VoiceFeatures[] = []
  for (const [index, sample] of samples.entries()) {
    const pcm = await service.decodedSample(sample.storage_key)
    const start = sample.trim_start ?? 0
    const end = sample.trim_end ?? pcm.length / DECODE_RATE
    let spans = [{ start, end }]
    const selected = sample.selected_speaker_ids
    if (selected?.length && sample.speakers) {
      spans = (sample.speakers as StoredSpeaker[])
        .filter((s) => selected.includes(s.speaker_id))
        .flatMap((s) => s.utterances)
        .map((u) => ({ start: Math.max(u.start, start), end: Math.min(u.end, end) }))
        .filter((u) => u.end > u.start)
    }
    const features = analyseVoice(cutSpans(pcm, DECODE_RATE, spans), DECODE_RATE)
    if (features.voicedSeconds > 0) measured.push(features)
    await run.progress(Math.round(((index + 1) / samples.length) * MEASURE_SHARE), { force: true })
  }
  if (!measured.length) {
    await repository.updateFlow(voiceId, {
      state: 'draft',
      training_requested: false,
      training_error: 'No speech was left in the samples after trimming and speaker selection.',
    })
    return
  }
  const target = combineFeatures(measured)
  const base = nearestBase(target, await basesFor(voice.language ?? 'en'))
  const definition = deriveCloneVoice({
    voiceId,
    name: voice.name,
    description: voice.description ?? '',
    language: base.voice.language,
    target,
    base,
  })
  await run.progress(90, { force: true })
  const clone = await measureVoice(speech, definition)
  const distance = voiceDistance(clone, target)
  const report: TrainingReport = {
    base_voice_id: base.voice.voice_id,
    distance: Math.round(distance * 100) / 100,
    similarity: similarityOf(distance),
    samples: target,
    clone,
  }
  await repository.updateVoice(
    voiceId,
    {
      definition: JSON.stringify({ ...definition, clone_analysis: report }),
      verified_languages: JSON.stringify(verifiedLanguagesOf(definition)),
    },
    { state: 'ready', training_progress: 100, training_error: null },
  )
}
