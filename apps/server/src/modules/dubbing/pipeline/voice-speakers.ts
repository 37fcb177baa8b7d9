import type { VoiceDefinition, VoiceFeatures } from '@timbre/speech'
import type { DubRow, SegmentRow, SpeakerRow } from '../dubbing.repository.js'
import type { DubbingDeps } from '../dubbing-deps.js'
import { fitSpeech } from './fit-speech.js'
import { wavOf } from './media.js'
import { measureSpeaker, type SpeakerVoice, voiceForSpeaker } from './voices.js'

// Each speaker's voice per target language, and each segment spoken in its slot by it. A
// segment's slot runs from its start to its end, cut short by the next segment's start (of any
// speaker) and by the end of the media, so no clip overlaps another or runs past the media.

/** Measures every speaker on the isolated speech and picks their voice in each target language. */
export async function assignVoices(
  deps: DubbingDeps,
  dub: DubRow,
  speech: Float32Array,
  clone: boolean,
): Promise<void> {
  const [speakers, segments] = await Promise.all([
    deps.repository.speakers(dub.id),
    deps.repository.segments(dub.id),
  ])
  for (const speaker of speakers) {
    const spans = segments.filter((s) => s.speaker_id === speaker.id)
    const features = measureSpeaker(
      speech,
      spans.map((s) => ({ start: s.start_time, end: s.end_time })),
    )
    const voices: Record<string, SpeakerVoice> = {}
    for (const language of dub.target_languages) {
      voices[language] = voiceForSpeaker({
        dubId: dub.id,
        speakerId: speaker.id,
        speakerName: speaker.name,
        language,
        features,
        bases: await deps.basesFor(language),
        clone,
      })
    }
    await deps.repository.updateSpeaker(speaker.id, {
      voices: JSON.stringify(voices),
      features: JSON.stringify(features),
    })
  }
}

/** A speaker's voice in a language: their stored clone or premade match, or a library voice chosen for them. */
export async function speakerVoice(
  deps: DubbingDeps,
  dub: DubRow,
  speaker: SpeakerRow,
  language: string,
): Promise<VoiceDefinition> {
  const stored = speaker.voices[language] as SpeakerVoice | string | undefined
  if (stored && typeof stored === 'object') return stored.definition
  if (typeof stored === 'string') {
    const usable = await deps.voices.findUsable(dub.workspace_id, stored)
    if (usable) return usable.definition
  }
  const features = (speaker.features ?? { f0MedianHz: 0 }) as unknown as VoiceFeatures
  const bases = await deps.basesFor(language)
  return voiceForSpeaker({
    dubId: dub.id,
    speakerId: speaker.id,
    speakerName: speaker.name,
    language,
    features,
    bases,
    clone: false,
  }).definition
}

/** Where a segment's dub may sound in a language: from its start to the next one's start or the media's end. */
export function slotOf(segments: SegmentRow[], index: number, language: string, mediaSeconds: number) {
  const segment = segments[index]!
  const dub = segment.dubs[language]
  const start = dub?.start_time ?? segment.start_time
  const end = dub?.end_time ?? segment.end_time
  let limit = mediaSeconds
  for (const other of segments) {
    if (other.id === segment.id) continue
    const otherStart = other.dubs[language]?.start_time ?? other.start_time
    if (otherStart >= start && otherStart < limit) limit = otherStart
  }
  return { start, end: Math.min(end, limit) }
}

/** Segments voiced at once: the speech service's default thread count. */
const PARALLEL_SEGMENTS = 2

export const clipKey = (dub: DubRow, segmentId: string, language: string) =>
  `dubbing/${dub.workspace_id}/${dub.id}/clips/${language}/${segmentId}.wav`

/** Voices the named segments (all when null) in the named languages; returns how many clips were made. */
export async function voiceSegments(
  deps: DubbingDeps,
  dub: DubRow,
  input: {
    segmentIds: string[] | null
    languages: string[]
    onProgress?: (fraction: number) => Promise<void>
  },
): Promise<number> {
  const [speakers, segments] = await Promise.all([
    deps.repository.speakers(dub.id),
    deps.repository.segments(dub.id),
  ])
  const byId = new Map(speakers.map((s) => [s.id, s]))
  const work = segments
    .map((segment, index) => ({ segment, index }))
    .filter(({ segment }) => !input.segmentIds || input.segmentIds.includes(segment.id))
  const total = work.length * input.languages.length
  let done = 0
  for (const language of input.languages) {
    const voices = new Map<string, Promise<VoiceDefinition>>()
    const voiceOf = (speaker: SpeakerRow) => {
      let voice = voices.get(speaker.id)
      if (!voice) {
        voice = speakerVoice(deps, dub, speaker, language)
        voices.set(speaker.id, voice)
      }
      return voice
    }
    // Each speaker's pace (seconds per character at speed 1) from the segments voiced so far.
    const paces = new Map<string, { seconds: number; characters: number }>()
    const voiceOne = async ({ segment, index }: (typeof work)[number]) => {
      const speaker = byId.get(segment.speaker_id)
      const current = segment.dubs[language]
      if (!speaker || !current) return
      const slot = slotOf(segments, index, language, dub.duration_seconds)
      const pace = paces.get(speaker.id)
      const characters = current.text.trim().length
      const fitted = await fitSpeech(deps.speech, {
        text: current.text,
        voice: await voiceOf(speaker),
        language,
        slotSeconds: slot.end - slot.start,
        expectedSeconds: pace ? (pace.seconds / pace.characters) * characters : null,
      })
      if (fitted.naturalSeconds > 0) {
        const known = paces.get(speaker.id) ?? { seconds: 0, characters: 0 }
        paces.set(speaker.id, {
          seconds: known.seconds + fitted.naturalSeconds,
          characters: known.characters + characters,
        })
      }
      const key = clipKey(dub, segment.id, language)
      await deps.storage.put(key, wavOf(fitted.samples))
      await deps.repository.setSegmentDub(segment.id, language, {
        ...current,
        start_time: slot.start,
        audio_key: key,
        audio_stale: false,
      })
      done++
      await input.onProgress?.(done / Math.max(1, total))
    }
    // As many segments at once as the speech service has threads, so both are kept busy.
    let next = 0
    const lane = async () => {
      while (next < work.length) await voiceOne(work[next++]!)
    }
    await Promise.all(Array.from({ length: PARALLEL_SEGMENTS }, lane))
  }
  return done
}
