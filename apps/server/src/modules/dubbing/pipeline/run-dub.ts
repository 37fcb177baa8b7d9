import { DEFAULT_OUTPUT_FORMAT, dubbingCredits } from '@timbre/contract'
import { parseOutputFormat, RECOGNITION_SAMPLE_RATE, resample } from '@timbre/speech'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import { type HeldRun, TakenOver } from '../../../platform/jobs/held-run-runner.js'
import { jobPrincipal } from '../../../platform/jobs/job-principal.js'
import type { DubRow } from '../dubbing.repository.js'
import type { StoredSegmentDub } from '../dubbing.tables.js'
import type { DubbingDeps } from '../dubbing-deps.js'
import { renderLanguage } from '../exports/render-language.js'
import { decodeRange, wavOf } from './media.js'
import { separateSpeech } from './separate.js'
import { assignVoices, voiceSegments } from './voice-speakers.js'

// One dub from its stored source to its rendered languages, each step reported as the dub's
// progress and progress_message. The credits are reserved once the length is known and settled
// with the finished dub in one transaction; any failure releases them (refund pending, then
// refunded). A run taken over after a crash starts again from the source: each step rewrites
// what it makes, so nothing is doubled.

/** The recorder needs an output format; the charge stores no audio of its own. */
const NO_AUDIO_FORMAT = parseOutputFormat(DEFAULT_OUTPUT_FORMAT)

/** Spoken stretches recognised at once: the recogniser's pool has two decoders. */
const RECOGNITION_LANES = 2

/** Where each step's share of the progress starts (percent). */
const SHARE = { decoding: 0, separating: 5, transcribing: 20, translating: 40, voicing: 45, rendering: 90 }

export async function runDub(
  deps: DubbingDeps,
  row: DubRow,
  run: HeldRun,
  /** Called before the reservation is released, so the dub reads refund pending meanwhile. */
  refunding: (error: unknown) => Promise<void>,
): Promise<void> {
  const { repository } = deps
  const step = async (percent: number, message: string) => {
    run.note(percent)
    await repository.step(row.id, run.token, percent, message)
    run.assertHeld()
  }
  const principal = jobPrincipal({
    userId: row.user_id,
    workspaceId: row.workspace_id,
    apiKeyId: row.api_key_id,
  })
  await step(SHARE.decoding, 'Decoding the media')
  const media = await deps.storage.get(row.media_key)
  if (!media) throw new AppError('dubbing_failed', { message: 'The uploaded media is no longer stored.' })
  const options = row.options
  const samples = await decodeRange(media, options.start_time, options.end_time)
  const seconds = samples.length / 48_000
  const recording = await deps.recorder.begin({
    principal,
    requestId: row.request_id,
    kind: 'dubbing',
    format: NO_AUDIO_FORMAT,
    costMultiplier: 1,
    history: null,
    queue: 'job',
    meter: { modelId: null, resourceId: row.id, resourceName: row.name },
    charge: {
      text: row.name,
      hash: null,
      credits: dubbingCredits(seconds, { watermark: options.watermark, studio: options.dubbing_studio }),
    },
  })
  try {
    await step(SHARE.separating, 'Separating speech from background')
    const { speech, background } = await separateSpeech(samples, {
      dropBackground: options.drop_background_audio,
      onProgress: (f) => run.progress(SHARE.separating + f * (SHARE.transcribing - SHARE.separating)),
    })
    const backgroundKey = `dubbing/${row.workspace_id}/${row.id}/background.wav`
    await deps.storage.put(backgroundKey, wavOf(background))
    await step(SHARE.transcribing, 'Transcribing speakers')
    // Speex quality 4 is plenty for a recogniser that reads 16 kHz features (quality 7, the
    // default, costs twice as much for a 60 s source); both decoders work at once.
    const turns = await deps.speechTurns(await resample(speech, 48_000, RECOGNITION_SAMPLE_RATE, 4), {
      speakers: options.num_speakers,
      concurrency: RECOGNITION_LANES,
      onProgress: (f) => run.note(SHARE.transcribing + f * (SHARE.translating - SHARE.transcribing)),
    })
    const spoken = turns.filter((t) => t.words.length > 0)
    if (spoken.length === 0) throw new AppError('dubbing_no_speech')
    const sourceLang = row.source_lang === 'auto' ? 'en' : row.source_lang
    await step(SHARE.translating, 'Translating')
    const speakerIds = new Map<number, string>()
    for (const turn of spoken) if (!speakerIds.has(turn.speaker)) speakerIds.set(turn.speaker, newId())
    const dubs: Array<Record<string, StoredSegmentDub>> = spoken.map(() => ({}))
    for (const language of row.target_languages) {
      const translated = await deps.translator.translate(
        spoken.map((t) => t.text),
        { source: sourceLang, target: language },
      )
      for (const [i, turn] of spoken.entries()) {
        dubs[i]![language] = {
          text: translated?.texts[i] ?? '',
          start_time: turn.start,
          end_time: turn.end,
          audio_key: null,
          audio_stale: true,
          provider: translated?.provider ?? 'manual',
        }
      }
    }
    await repository.replaceTranscript(
      row.id,
      [...speakerIds].map(([index, id]) => ({
        id,
        dub_id: row.id,
        name: `Speaker ${index + 1}`,
        position: index,
        voices: JSON.stringify({}),
        features: null,
      })),
      spoken.map((turn, i) => ({
        id: newId(),
        dub_id: row.id,
        speaker_id: speakerIds.get(turn.speaker)!,
        start_time: turn.start,
        end_time: turn.end,
        text: turn.text,
        words: JSON.stringify(turn.words),
        dubs: JSON.stringify(dubs[i]),
      })),
    )
    await repository.update(row.id, {
      background_key: backgroundKey,
      source_lang: sourceLang,
    })
    await step(SHARE.voicing, 'Voicing each speaker')
    await assignVoices(deps, row, speech, !options.disable_voice_cloning)
    await voiceSegments(deps, row, {
      segmentIds: null,
      languages: row.target_languages,
      onProgress: (f) => run.progress(SHARE.voicing + f * (SHARE.rendering - SHARE.voicing)),
    })
    await step(SHARE.rendering, 'Mixing and rendering')
    for (const language of row.target_languages) {
      await renderLanguage(deps, row.id, language, row.is_video ? 'mp4' : 'mp3')
    }
    recording.held({
      audio: new Uint8Array(0),
      alignment: null,
      characters: 1,
      piece: 0,
      endSeconds: seconds,
    })
    await recording.complete({ within: (trx) => repository.finish(row.id, recording.cost, trx) })
  } catch (error) {
    if (!(error instanceof TakenOver)) await refunding(error)
    await recording.fail()
    throw error
  }
}
