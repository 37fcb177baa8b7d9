import { DUBBING_SEGMENT_TEXT_MAX } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { Principal } from '../../../plugins/auth.js'
import type { DubbingDeps } from '../dubbing-deps.js'
import { checkLanguage, editableDub } from './editor-deps.js'
import { checkPlacement } from './placement.js'

// Segments edited one at a time: a language's text and times changed (under the placement
// rules; the clip goes stale until it is dubbed again), a segment deleted, a segment added to a
// speaker (its translations, when given, for every target language: one clip per original).

function checkText(text: string | undefined, param: string): void {
  if (text !== undefined && text.length > DUBBING_SEGMENT_TEXT_MAX)
    throw new AppError('validation_error', {
      message: `${param} is longer than ${DUBBING_SEGMENT_TEXT_MAX} characters.`,
      param,
    })
}

export async function updateSegment(
  deps: DubbingDeps,
  principal: Principal,
  input: { dubId: string; segmentId: string; language: string; start?: number; end?: number; text?: string },
): Promise<{ version: number }> {
  const dub = await editableDub(deps, principal, input.dubId)
  const segments = await deps.repository.segments(dub.id)
  const segment = segments.find((s) => s.id === input.segmentId)
  if (!segment) throw new AppError('dubbing_segment_not_found', { param: 'segment_id' })
  checkText(input.text, 'text')
  const source = input.language === dub.source_lang
  if (!source) checkLanguage(dub, input.language)
  const current = source ? null : segment.dubs[input.language]
  if (!source && !current) throw new AppError('dubbing_language_not_found', { param: 'language' })
  const start = input.start ?? current?.start_time ?? segment.start_time
  const end = input.end ?? current?.end_time ?? segment.end_time
  checkPlacement({
    segments,
    segmentId: segment.id,
    speakerId: segment.speaker_id,
    language: source ? null : input.language,
    start,
    end,
    mediaSeconds: dub.duration_seconds,
  })
  if (source) {
    await deps.repository.updateSegment(segment.id, {
      start_time: start,
      end_time: end,
      ...(input.text !== undefined ? { text: input.text } : {}),
    })
  } else if (current) {
    await deps.repository.setSegmentDub(segment.id, input.language, {
      ...current,
      start_time: start,
      end_time: end,
      ...(input.text !== undefined ? { text: input.text, provider: 'manual' } : {}),
      audio_stale: true,
    })
  }
  return { version: await deps.repository.bump(dub.id) }
}

export async function deleteSegment(
  deps: DubbingDeps,
  principal: Principal,
  dubId: string,
  segmentId: string,
) {
  const dub = await editableDub(deps, principal, dubId)
  const segments = await deps.repository.segments(dub.id)
  const segment = segments.find((s) => s.id === segmentId)
  if (!segment) throw new AppError('dubbing_segment_not_found', { param: 'segment_id' })
  await deps.repository.deleteSegment(segment.id)
  for (const dubbed of Object.values(segment.dubs))
    if (dubbed.audio_key) await deps.storage.delete(dubbed.audio_key).catch(() => undefined)
  return { version: await deps.repository.bump(dub.id) }
}

export async function createSegment(
  deps: DubbingDeps,
  principal: Principal,
  input: {
    dubId: string
    speakerId: string
    start: number
    end: number
    text?: string
    translations?: Record<string, string | undefined>
  },
): Promise<{ version: number; new_segment: string }> {
  const dub = await editableDub(deps, principal, input.dubId)
  const speakers = await deps.repository.speakers(dub.id)
  if (!speakers.some((s) => s.id === input.speakerId))
    throw new AppError('dubbing_speaker_not_found', { param: 'speaker_id' })
  const segments = await deps.repository.segments(dub.id)
  const place = { segments, segmentId: null, speakerId: input.speakerId, start: input.start, end: input.end }
  checkPlacement({ ...place, language: null, mediaSeconds: dub.duration_seconds })
  for (const language of dub.target_languages)
    checkPlacement({ ...place, language, mediaSeconds: dub.duration_seconds })
  checkText(input.text, 'text')
  const given = Object.keys(input.translations ?? {})
  if (given.length > 0) {
    const wanted = new Set(dub.target_languages)
    if (given.length !== wanted.size || given.some((l) => !wanted.has(l)))
      throw new AppError('dubbing_clip_count', { param: 'translations' })
  }
  const id = newId()
  const dubs = Object.fromEntries(
    dub.target_languages.map((language) => {
      const text = input.translations?.[language] ?? ''
      checkText(text, `translations.${language}`)
      return [
        language,
        {
          text,
          start_time: input.start,
          end_time: input.end,
          audio_key: null,
          audio_stale: true,
          provider: 'manual',
        },
      ]
    }),
  )
  await deps.repository.insertSegment({
    id,
    dub_id: dub.id,
    speaker_id: input.speakerId,
    start_time: input.start,
    end_time: input.end,
    text: input.text ?? '',
    words: JSON.stringify([]),
    dubs: JSON.stringify(dubs),
  })
  return { version: await deps.repository.bump(dub.id), new_segment: id }
}
