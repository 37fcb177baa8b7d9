import { randomUUID } from 'node:crypto'
import type { DubbingRenderType } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import type { DubRow } from '../dubbing.repository.js'
import type { DubbingDeps } from '../dubbing-deps.js'
import { ENCODINGS, encodeAudio, muxVideo, RATE, samplesOfWav, wavOf } from '../pipeline/media.js'
import { loudnessGain, mixOver } from '../pipeline/mix.js'
import { dubAaf } from './aaf-export.js'
import { speakerZip } from './zips.js'

// A language's render: its clips mixed over the background bed at the original speech's
// loudness, as long as the source, then encoded (MP3, AAC, WAV), put back under the original
// picture (MP4), packed as one track per speaker or one file per clip (zips), or laid out as an
// AAF composition with a track per speaker. Each render is stored and recorded on the dub under
// its language.

/** The mix of one language as 48 kHz mono samples, exactly as long as the dubbed range. */
export async function mixLanguage(deps: DubbingDeps, dub: DubRow, language: string): Promise<Float32Array> {
  const length = Math.round(dub.duration_seconds * RATE)
  const bed = dub.background_key ? await deps.storage.get(dub.background_key) : null
  const background = new Float32Array(length)
  if (bed) background.set(samplesOfWav(bed).subarray(0, length))
  const [segments, speakers] = await Promise.all([
    deps.repository.segments(dub.id),
    deps.repository.speakers(dub.id),
  ])
  const clips = []
  for (const segment of segments) {
    const clip = segment.dubs[language]
    if (!clip?.audio_key) continue
    const wav = await deps.storage.get(clip.audio_key)
    if (wav) clips.push({ start: clip.start_time, samples: samplesOfWav(wav) })
  }
  const levels = speakers
    .map((s) => Number((s.features as { loudnessDb?: number } | null)?.loudnessDb))
    .filter((db) => Number.isFinite(db))
  const target = levels.length ? 10 ** (levels.reduce((a, b) => a + b, 0) / levels.length / 20) : 0
  return mixOver(
    background,
    clips,
    loudnessGain(
      target,
      clips.map((c) => c.samples),
    ),
  )
}

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  zip: 'application/zip',
  aaf: 'application/octet-stream',
}

/** Renders a language in one type, stores it and records it on the dub; returns the render id. */
export async function renderLanguage(
  deps: DubbingDeps,
  dubId: string,
  language: string,
  type: DubbingRenderType,
): Promise<string> {
  const dub = await deps.repository.findAny(dubId)
  if (!dub) throw new AppError('dubbing_not_found')
  if (type === 'mp4' && !dub.is_video)
    throw new AppError('dubbing_render_type_unavailable', { param: 'render_type' })
  const id = randomUUID()
  const mix = wavOf(await mixLanguage(deps, dub, language))
  let data: Buffer
  let extension: string = type
  if (type === 'mp4') {
    const media = await deps.storage.get(dub.media_key)
    if (!media) throw new AppError('dubbing_failed', { message: 'The uploaded media is no longer stored.' })
    data = await muxVideo(media, mix, { start: dub.options.start_time, seconds: dub.duration_seconds })
  } else if (type === 'mp3' || type === 'aac' || type === 'wav') {
    data = await encodeAudio(mix, type)
  } else if (type === 'aaf') {
    data = await dubAaf(deps, dub, language)
  } else {
    data = await speakerZip(deps, dub, language, type === 'clips_zip' ? 'clips' : 'tracks')
    extension = 'zip'
  }
  const key = `dubbing/${dub.workspace_id}/${dub.id}/renders/${language}/${id}.${extension}`
  await deps.storage.put(key, data)
  const contentType =
    type in ENCODINGS
      ? ENCODINGS[type as keyof typeof ENCODINGS].contentType
      : (CONTENT_TYPES[extension] ?? '')
  const renders = { ...dub.renders }
  const previous = renders[`${language}:${type}`]
  await deps.repository.setRender(dub.id, `${language}:${type}`, {
    id,
    version: dub.version,
    type,
    status: 'complete',
    key,
    content_type: contentType,
  })
  if (previous?.key) await deps.storage.delete(previous.key).catch(() => undefined)
  return id
}
