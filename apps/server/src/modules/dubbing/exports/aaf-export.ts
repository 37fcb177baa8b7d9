import { writeAudioCompositionAaf } from '../../../lib/aaf/aaf-audio-composition.js'
import type { DubRow } from '../dubbing.repository.js'
import type { DubbingDeps } from '../dubbing-deps.js'
import { RATE } from '../pipeline/media.js'

// A language's dub for an audio editor: one track per speaker, each voiced segment a clip at its
// segment's start lasting its segment's length (the clip's sound cut or padded with silence to
// fit), all at 48 kHz with the edit rate equal to the sample rate. The sound is embedded in the
// file, so the one download is all an editor needs (no media to relink).

/** Our product's fixed identity in the file's identification. */
const PRODUCT = {
  company: 'Timbre',
  name: 'Timbre',
  version: '1.0',
  id: '9b0f4c5e-6a1d-4c2b-8f3e-2d7a5b1c9e40',
}
/** Our clip WAVs have a 44-byte header before their 16-bit mono samples. */
const WAV_HEADER_BYTES = 44

export async function dubAaf(deps: DubbingDeps, dub: DubRow, language: string): Promise<Buffer> {
  const [segments, speakers] = await Promise.all([
    deps.repository.segments(dub.id),
    deps.repository.speakers(dub.id),
  ])
  const total = Math.round(dub.duration_seconds * RATE)
  const tracks = speakers.map((speaker) => ({
    id: speaker.id,
    name: speaker.name,
    clips: [] as Clip[],
    end: 0,
  }))
  const byId = new Map(tracks.map((t) => [t.id, t]))
  for (const segment of [...segments].sort((a, b) => a.start_time - b.start_time)) {
    const clip = segment.dubs[language]
    const track = byId.get(segment.speaker_id)
    const wav = clip?.audio_key ? await deps.storage.get(clip.audio_key) : null
    if (!clip || !track || !wav) continue
    // The placement rules keep a speaker's segments apart; a clip is never laid over the last.
    const start = Math.max(track.end, Math.round(clip.start_time * RATE))
    const end = Math.min(total, Math.round(clip.end_time * RATE))
    if (end <= start) continue
    const pcm = Buffer.alloc((end - start) * 2)
    Buffer.from(wav).copy(pcm, 0, WAV_HEADER_BYTES, WAV_HEADER_BYTES + pcm.length)
    track.clips.push({ name: `${track.name} ${segment.id}`, start, pcm })
    track.end = end
  }
  return writeAudioCompositionAaf({
    name: `${dub.name} (${language})`,
    sampleRate: RATE,
    length: total,
    tracks: tracks.map(({ name, clips }) => ({ name, clips })),
    product: PRODUCT,
  })
}

interface Clip {
  name: string
  start: number
  pcm: Buffer
}
