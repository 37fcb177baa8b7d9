import { zipSync } from 'fflate'
import type { DubRow } from '../dubbing.repository.js'
import type { DubbingDeps } from '../dubbing-deps.js'
import { RATE, samplesOfWav, wavOf } from '../pipeline/media.js'

// The two archives of a language: one full-length WAV track per speaker plus the background
// (for a mix of one's own), or every clip as its own WAV named by its time and speaker. WAV is
// already compressed as far as it goes, so entries are stored.

const safe = (name: string) => name.replace(/[^\w.-]+/g, '_').slice(0, 80)
const stamp = (seconds: number) => seconds.toFixed(3).padStart(9, '0')

export async function speakerZip(
  deps: DubbingDeps,
  dub: DubRow,
  language: string,
  kind: 'tracks' | 'clips',
): Promise<Buffer> {
  const [segments, speakers] = await Promise.all([
    deps.repository.segments(dub.id),
    deps.repository.speakers(dub.id),
  ])
  const names = new Map(speakers.map((s) => [s.id, safe(s.name)]))
  const files: Record<string, Uint8Array> = {}
  const length = Math.round(dub.duration_seconds * RATE)
  const tracks = new Map<string, Float32Array>()
  for (const segment of segments) {
    const clip = segment.dubs[language]
    const wav = clip?.audio_key ? await deps.storage.get(clip.audio_key) : null
    if (!clip || !wav) continue
    const speaker = names.get(segment.speaker_id) ?? 'speaker'
    if (kind === 'clips') {
      files[`${stamp(clip.start_time)}_${speaker}_${segment.id}.wav`] = wav
      continue
    }
    let track = tracks.get(speaker)
    if (!track) {
      track = new Float32Array(length)
      tracks.set(speaker, track)
    }
    const samples = samplesOfWav(wav)
    const at = Math.round(clip.start_time * RATE)
    track.set(samples.subarray(0, Math.max(0, length - at)), at)
  }
  for (const [speaker, track] of tracks) files[`${speaker}.wav`] = wavOf(track)
  if (kind === 'tracks' && dub.background_key) {
    const bed = await deps.storage.get(dub.background_key)
    if (bed) files['background.wav'] = bed
  }
  return Buffer.from(zipSync(files, { level: 0 }))
}
