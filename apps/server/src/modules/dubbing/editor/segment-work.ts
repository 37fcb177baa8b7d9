import {
  DEFAULT_OUTPUT_FORMAT,
  DUBBING_FREE_EDITS,
  type DubbingRenderType,
  dubbingCredits,
} from '@timbre/contract'
import { parseOutputFormat, RECOGNITION_SAMPLE_RATE, resample } from '@timbre/speech'
import { AppError } from '../../../errors.js'
import type { Principal } from '../../../plugins/auth.js'
import type { DubRow, SegmentRow } from '../dubbing.repository.js'
import type { DubbingDeps } from '../dubbing-deps.js'
import { renderLanguage } from '../exports/render-language.js'
import { decodeRange, RATE, samplesOfWav } from '../pipeline/media.js'
import { voiceSegments } from '../pipeline/voice-speakers.js'
import { checkLanguage, editableDub } from './editor-deps.js'

// The editor's work on chosen segments: transcribe them again from the source, translate them
// again, dub them again, and render a language. Translations and re-dubs are free up to the
// dub's free edits; past them each call is charged at the dub's per-minute price for the
// seconds it redoes.

const NO_AUDIO_FORMAT = parseOutputFormat(DEFAULT_OUTPUT_FORMAT)

function chosen(segments: SegmentRow[], ids: string[]): SegmentRow[] {
  if (ids.length === 0) return segments
  const found = segments.filter((s) => ids.includes(s.id))
  if (found.length !== new Set(ids).size)
    throw new AppError('dubbing_segment_not_found', { param: 'segments' })
  return found
}

function languagesOf(dub: DubRow, languages: string[] | undefined): string[] {
  const list = languages?.length ? languages : dub.target_languages
  for (const language of list) checkLanguage(dub, language)
  return list
}

/** Counts the edits; past the free ones, charges the redone seconds. Returns a settle function. */
async function paidEdit(
  deps: DubbingDeps,
  principal: Principal,
  requestId: string,
  dub: DubRow,
  units: number,
  seconds: number,
) {
  const used = dub.free_edits_used
  await deps.repository.update(dub.id, { free_edits_used: used + units })
  if (used + units <= DUBBING_FREE_EDITS) return { complete: async () => {}, fail: async () => {} }
  const recording = await deps.recorder.begin({
    principal,
    requestId,
    kind: 'dubbing',
    format: NO_AUDIO_FORMAT,
    costMultiplier: 1,
    history: null,
    charge: {
      text: dub.name,
      hash: null,
      credits: dubbingCredits(seconds, {
        watermark: dub.options.watermark,
        studio: dub.options.dubbing_studio,
      }),
    },
  })
  return {
    complete: async () => {
      recording.held({
        audio: new Uint8Array(0),
        alignment: null,
        characters: 1,
        piece: 0,
        endSeconds: seconds,
      })
      await recording.complete()
    },
    fail: () => recording.fail(),
  }
}

export async function transcribeSegments(
  deps: DubbingDeps,
  principal: Principal,
  dubId: string,
  ids: string[],
) {
  const dub = await editableDub(deps, principal, dubId)
  const segments = chosen(await deps.repository.segments(dub.id), ids)
  const media = await deps.storage.get(dub.media_key)
  if (!media) throw new AppError('dubbing_failed', { message: 'The uploaded media is no longer stored.' })
  const original = await decodeRange(media, dub.options.start_time, dub.options.end_time)
  const bed = dub.background_key ? await deps.storage.get(dub.background_key) : null
  const background = bed ? samplesOfWav(bed) : new Float32Array(0)
  // The speech is what the separation took out of the original.
  const speech = dub.options.drop_background_audio
    ? original
    : original.map((v, i) => v - (background[i] ?? 0))
  for (const segment of segments) {
    const piece = speech.subarray(Math.round(segment.start_time * RATE), Math.round(segment.end_time * RATE))
    const turns = await deps.speechTurns(await resample(piece, RATE, RECOGNITION_SAMPLE_RATE), {
      speakers: 1,
    })
    const words = turns.flatMap((t) =>
      t.words.map((w) => ({
        text: w.text,
        start: w.start + segment.start_time,
        end: w.end + segment.start_time,
      })),
    )
    await deps.repository.updateSegment(segment.id, {
      text: words.map((w) => w.text).join(' '),
      words: JSON.stringify(words),
    })
  }
  return { version: await deps.repository.bump(dub.id) }
}

export async function translateSegments(
  deps: DubbingDeps,
  principal: Principal,
  requestId: string,
  input: { dubId: string; segments: string[]; languages?: string[] },
) {
  const dub = await editableDub(deps, principal, input.dubId)
  const segments = chosen(await deps.repository.segments(dub.id), input.segments)
  const languages = languagesOf(dub, input.languages)
  const seconds = segments.reduce((sum, s) => sum + s.end_time - s.start_time, 0)
  const payment = await paidEdit(deps, principal, requestId, dub, segments.length * languages.length, seconds)
  try {
    for (const language of languages) {
      const result = await deps.translator.translate(
        segments.map((s) => s.text),
        { source: dub.source_lang, target: language },
      )
      if (!result) throw new AppError('dubbing_translation_unavailable', { param: 'languages' })
      for (const [i, segment] of segments.entries()) {
        const current = segment.dubs[language]
        await deps.repository.setSegmentDub(segment.id, language, {
          start_time: current?.start_time ?? segment.start_time,
          end_time: current?.end_time ?? segment.end_time,
          audio_key: current?.audio_key ?? null,
          text: result.texts[i] ?? '',
          provider: result.provider,
          audio_stale: true,
        })
      }
    }
    await payment.complete()
  } catch (error) {
    await payment.fail()
    throw error
  }
  return { version: await deps.repository.bump(dub.id) }
}

export async function dubSegments(
  deps: DubbingDeps,
  principal: Principal,
  requestId: string,
  input: { dubId: string; segments: string[]; languages?: string[] },
) {
  const dub = await editableDub(deps, principal, input.dubId)
  const segments = chosen(await deps.repository.segments(dub.id), input.segments)
  const languages = languagesOf(dub, input.languages)
  const seconds = segments.reduce((sum, s) => sum + s.end_time - s.start_time, 0)
  const payment = await paidEdit(deps, principal, requestId, dub, segments.length * languages.length, seconds)
  try {
    await voiceSegments(deps, dub, { segmentIds: segments.map((s) => s.id), languages })
    await payment.complete()
  } catch (error) {
    await payment.fail()
    throw error
  }
  return { version: await deps.repository.bump(dub.id) }
}

export async function renderDub(
  deps: DubbingDeps,
  principal: Principal,
  input: { dubId: string; language: string; type: DubbingRenderType },
) {
  const dub = await editableDub(deps, principal, input.dubId)
  checkLanguage(dub, input.language)
  const renderId = await renderLanguage(deps, dub.id, input.language, input.type)
  return { version: dub.version, render_id: renderId }
}
