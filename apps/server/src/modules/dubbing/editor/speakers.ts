import { DUBBING_LANGUAGES } from '@timbre/contract'
import type { VoiceFeatures } from '@timbre/speech'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { Principal } from '../../../plugins/auth.js'
import type { DubbingDeps } from '../dubbing-deps.js'
import { voiceForSpeaker } from '../pipeline/voices.js'
import { editableDub } from './editor-deps.js'

// Speakers in the editor: added, renamed or given a voice of the library (for some or all of
// the dub's languages), their segments moved to another speaker, the voices nearest to theirs,
// and a new target language added to the dub (translated where a provider serves it, each
// speaker voiced in it as the pipeline would; the clips wait for a dub call).

const MAX_NAME = 100

export async function createSpeaker(
  deps: DubbingDeps,
  principal: Principal,
  input: { dubId: string; name?: string; voiceId?: string },
) {
  const dub = await editableDub(deps, principal, input.dubId)
  const speakers = await deps.repository.speakers(dub.id)
  if (input.voiceId && !(await deps.voices.findUsable(dub.workspace_id, input.voiceId)))
    throw new AppError('voice_not_found', { param: 'voice_id' })
  const id = newId()
  await deps.repository.insertSpeaker({
    id,
    dub_id: dub.id,
    name: (input.name ?? `Speaker ${speakers.length + 1}`).slice(0, MAX_NAME),
    position: speakers.length,
    voices: JSON.stringify(
      input.voiceId ? Object.fromEntries(dub.target_languages.map((l) => [l, input.voiceId])) : {},
    ),
    features: null,
  })
  return { version: await deps.repository.bump(dub.id), speaker_id: id }
}

export async function updateSpeaker(
  deps: DubbingDeps,
  principal: Principal,
  input: { dubId: string; speakerId: string; name?: string; voiceId?: string; languages?: string[] },
) {
  const dub = await editableDub(deps, principal, input.dubId)
  const speaker = (await deps.repository.speakers(dub.id)).find((s) => s.id === input.speakerId)
  if (!speaker) throw new AppError('dubbing_speaker_not_found', { param: 'speaker_id' })
  const voices = { ...speaker.voices }
  if (input.voiceId) {
    if (!(await deps.voices.findUsable(dub.workspace_id, input.voiceId)))
      throw new AppError('voice_not_found', { param: 'voice_id' })
    const languages = input.languages?.length ? input.languages : dub.target_languages
    for (const language of languages) {
      if (!dub.target_languages.includes(language))
        throw new AppError('dubbing_language_not_found', { param: 'languages' })
      voices[language] = input.voiceId
    }
  }
  await deps.repository.updateSpeaker(speaker.id, {
    ...(input.name ? { name: input.name.slice(0, MAX_NAME) } : {}),
    voices: JSON.stringify(voices),
  })
  return { version: await deps.repository.bump(dub.id) }
}

export async function migrateSegments(
  deps: DubbingDeps,
  principal: Principal,
  input: { dubId: string; segmentIds: string[]; speakerId: string },
) {
  const dub = await editableDub(deps, principal, input.dubId)
  const [speakers, segments] = await Promise.all([
    deps.repository.speakers(dub.id),
    deps.repository.segments(dub.id),
  ])
  if (!speakers.some((s) => s.id === input.speakerId))
    throw new AppError('dubbing_speaker_not_found', { param: 'speaker_id' })
  const moving = segments.filter((s) => input.segmentIds.includes(s.id))
  if (moving.length !== new Set(input.segmentIds).size)
    throw new AppError('dubbing_segment_not_found', { param: 'segment_ids' })
  for (const segment of moving) {
    const clash = segments.some(
      (o) =>
        o.speaker_id === input.speakerId &&
        !input.segmentIds.includes(o.id) &&
        segment.start_time < o.end_time &&
        o.start_time < segment.end_time,
    )
    if (clash) throw new AppError('dubbing_segment_overlap', { param: 'segment_ids' })
  }
  for (const segment of moving) {
    const stale = Object.fromEntries(
      Object.entries(segment.dubs).map(([l, d]) => [l, { ...d, audio_stale: true }]),
    )
    await deps.repository.updateSegment(segment.id, {
      speaker_id: input.speakerId,
      dubs: JSON.stringify(stale),
    })
  }
  return { version: await deps.repository.bump(dub.id) }
}

/** The premade voices of the dub's first language nearest in pitch to the speaker's. */
export async function similarVoices(
  deps: DubbingDeps,
  principal: Principal,
  dubId: string,
  speakerId: string,
) {
  const dub = await deps.repository.find(principal.workspaceId, dubId)
  if (!dub) throw new AppError('dubbing_not_found', { param: 'dubbing_id' })
  const speaker = (await deps.repository.speakers(dub.id)).find((s) => s.id === speakerId)
  if (!speaker) throw new AppError('dubbing_speaker_not_found', { param: 'speaker_id' })
  const f0 = Number((speaker.features as { f0MedianHz?: number } | null)?.f0MedianHz) || 0
  const bases = await deps.basesFor(dub.target_languages[0] ?? 'en')
  const distance = (hz: number) => (f0 > 0 ? Math.abs(Math.log2(Math.max(1, hz) / f0)) : 0)
  const nearest = [...bases].sort((a, b) => distance(a.features.f0MedianHz) - distance(b.features.f0MedianHz))
  return {
    voices: nearest.slice(0, 10).map((b) => ({
      voice_id: b.voice.voice_id,
      name: b.voice.name,
      category: 'premade',
      description: b.voice.description,
    })),
  }
}

export async function addLanguage(deps: DubbingDeps, principal: Principal, dubId: string, language: string) {
  const dub = await editableDub(deps, principal, dubId)
  if (!(language in DUBBING_LANGUAGES)) throw new AppError('dubbing_unknown_language', { param: 'language' })
  if (language === dub.source_lang) throw new AppError('dubbing_same_language', { param: 'language' })
  if (dub.target_languages.includes(language)) return { version: dub.version }
  const [speakers, segments] = await Promise.all([
    deps.repository.speakers(dub.id),
    deps.repository.segments(dub.id),
  ])
  const translated = await deps.translator.translate(
    segments.map((s) => s.text),
    { source: dub.source_lang, target: language },
  )
  for (const [i, segment] of segments.entries()) {
    await deps.repository.setSegmentDub(segment.id, language, {
      text: translated?.texts[i] ?? '',
      start_time: segment.start_time,
      end_time: segment.end_time,
      audio_key: null,
      audio_stale: true,
      provider: translated?.provider ?? 'manual',
    })
  }
  const bases = await deps.basesFor(language)
  for (const speaker of speakers) {
    if (!speaker.features) continue
    const voice = voiceForSpeaker({
      dubId: dub.id,
      speakerId: speaker.id,
      speakerName: speaker.name,
      language,
      features: speaker.features as unknown as VoiceFeatures,
      bases,
      clone: !dub.options.disable_voice_cloning,
    })
    await deps.repository.updateSpeaker(speaker.id, {
      voices: JSON.stringify({ ...speaker.voices, [language]: voice }),
    })
  }
  return {
    version: await deps.repository.bump(dub.id, {
      target_languages: JSON.stringify([...dub.target_languages, language]),
    }),
  }
}
