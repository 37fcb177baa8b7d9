import {
  DEFAULT_OUTPUT_FORMAT,
  DUBBING_LANGUAGES,
  DUBBING_MAX_SPEAKERS,
  DUBBING_NAME_MAX,
  DUBBING_SOURCE_LANGUAGES,
  dubbingCredits,
} from '@timbre/contract'
import { parseOutputFormat } from '@timbre/speech'
import { AppError } from '../../errors.js'
import type { JobQueue } from '../../jobs/queue.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { DubOptions } from './dubbing.tables.js'
import type { DubbingDeps } from './dubbing-deps.js'
import type { DubbingRequest } from './dubbing-form.js'
import { probeMedia } from './pipeline/media.js'

// A new dub: every refusal (two files, no file, an unknown or equal language, a file that is
// not media or has no sound, a range outside it, no credits) is a 4xx before anything is
// stored; then the media is stored and the dub inserted with its job in one transaction.

const NO_AUDIO_FORMAT = parseOutputFormat(DEFAULT_OUTPUT_FORMAT)

function checkLanguages(input: DubbingRequest): { source: string; target: string } {
  const target = input.targetLang
  if (!target)
    throw new AppError('validation_error', {
      message: "The field 'target_lang' is required.",
      param: 'target_lang',
    })
  if (!(target in DUBBING_LANGUAGES)) throw new AppError('dubbing_unknown_language', { param: 'target_lang' })
  const source = input.sourceLang
  if (source !== 'auto' && !(source in DUBBING_LANGUAGES))
    throw new AppError('dubbing_unknown_language', { param: 'source_lang' })
  if (source === target || (source === 'auto' && target === 'en'))
    throw new AppError('dubbing_same_language', { param: 'target_lang' })
  if (source !== 'auto' && !(DUBBING_SOURCE_LANGUAGES as readonly string[]).includes(source))
    throw new AppError('dubbing_source_language_unsupported', { param: 'source_lang' })
  return { source, target }
}

export async function createDub(
  deps: DubbingDeps & {
    queue: JobQueue
    fetchSource: (url: string) => Promise<{ data: Buffer; fileName: string }>
  },
  principal: Principal,
  requestId: string,
  input: DubbingRequest,
): Promise<{ dubbing_id: string; expected_duration_sec: number }> {
  if (input.file && input.sourceUrl) throw new AppError('dubbing_one_file', { param: 'source_url' })
  if (!input.file && !input.sourceUrl) throw new AppError('dubbing_no_source', { param: 'file' })
  const { source, target } = checkLanguages(input)
  if (
    !Number.isInteger(input.numSpeakers) ||
    input.numSpeakers < 0 ||
    input.numSpeakers > DUBBING_MAX_SPEAKERS
  )
    throw new AppError('validation_error', {
      message: `num_speakers must be 0 (detect) to ${DUBBING_MAX_SPEAKERS}.`,
      param: 'num_speakers',
    })
  const file = input.file ?? (await deps.fetchSource(input.sourceUrl!))
  if (file.data.length === 0) throw new AppError('dubbing_invalid_file', { param: 'file' })
  const media = await probeMedia(file.data)
  const start = input.startTime ?? 0
  const end = Math.min(input.endTime ?? media.seconds, media.seconds)
  if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0 || end <= start)
    throw new AppError('dubbing_range_invalid', { param: input.endTime !== null ? 'end_time' : 'start_time' })
  const seconds = end - start
  const options: DubOptions = {
    num_speakers: input.numSpeakers || null,
    watermark: input.watermark,
    highest_resolution: input.highestResolution,
    drop_background_audio: input.dropBackgroundAudio,
    use_profanity_filter: input.useProfanityFilter,
    dubbing_studio: input.dubbingStudio,
    disable_voice_cloning: input.disableVoiceCloning,
    start_time: start,
    end_time: end,
  }
  // The credits are checked now, so a dub that could never be paid is refused at once (the
  // job reserves them for real once it starts).
  const check = await deps.recorder.begin({
    principal,
    requestId,
    kind: 'dubbing',
    format: NO_AUDIO_FORMAT,
    costMultiplier: 1,
    history: null,
    charge: {
      text: 'dub',
      hash: null,
      credits: dubbingCredits(seconds, { watermark: options.watermark, studio: options.dubbing_studio }),
    },
  })
  await check.fail()
  const id = newId()
  const key = `dubbing/${principal.workspaceId}/${id}/source.${media.extension}`
  await deps.storage.put(key, file.data)
  try {
    await deps.repository.insert(
      {
        id,
        workspace_id: principal.workspaceId,
        user_id: principal.userId,
        api_key_id: principal.apiKey?.id ?? null,
        request_id: requestId,
        name: (input.name ?? file.fileName ?? 'Dub').slice(0, DUBBING_NAME_MAX) || 'Dub',
        status: 'queued',
        progress_message: 'Queued',
        error_code: null,
        error_message: null,
        source_lang: source,
        target_languages: JSON.stringify([target]),
        options: JSON.stringify(options),
        media_key: key,
        media_content_type: media.contentType,
        media_file_name: file.fileName,
        is_video: media.isVideo,
        duration_seconds: seconds,
        background_key: null,
        renders: JSON.stringify({}),
        editor_token: null,
        editor_until: null,
      },
      (trx) => deps.queue.send('dubbing.run', { dubId: id }, { trx }),
    )
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined)
    throw error
  }
  return { dubbing_id: id, expected_duration_sec: Math.round(seconds * 10) / 10 }
}
