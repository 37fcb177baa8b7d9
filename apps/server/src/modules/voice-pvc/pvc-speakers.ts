import { AppError } from '../../errors.js'
import { cutSpans, DECODE_RATE, encodeWav } from './pvc-audio.js'
import type { PvcDeps, StoredSpeaker } from './pvc-deps.js'
import { decodedSample, editableVoice, sampleOf, sampleView } from './pvc-lookups.js'
import type { Caller } from './pvc-state.js'

export async function speakers(deps: PvcDeps, caller: Caller, voiceId: string, sampleId: string) {
  const sample = await sampleOf(deps, caller, voiceId, sampleId)
  return sampleView(sample).speaker_separation
}

export async function speakerAudio(
  deps: PvcDeps,
  caller: Caller,
  voiceId: string,
  sampleId: string,
  speakerId: string,
) {
  const sample = await sampleOf(deps, caller, voiceId, sampleId)
  const speaker = ((sample.speakers as StoredSpeaker[] | null) ?? []).find((s) => s.speaker_id === speakerId)
  if (!speaker) {
    throw new AppError('not_found', {
      message:
        sample.separation_status === 'completed'
          ? `This sample has no speaker ${speakerId}.`
          : 'Separate the speakers of this sample first.',
      param: 'speaker_id',
    })
  }
  const pcm = await decodedSample(deps, sample.storage_key)
  const audio = cutSpans(pcm, DECODE_RATE, speaker.utterances)
  return {
    audio_base_64: encodeWav(audio, DECODE_RATE).toString('base64'),
    media_type: 'audio/wav',
    duration_secs: Math.round((audio.length / DECODE_RATE) * 1000) / 1000,
  }
}

/** Queues speaker separation of a sample. */
export async function separate(
  deps: PvcDeps,
  caller: Caller,
  voiceId: string,
  sampleId: string,
): Promise<void> {
  const { repository } = deps
  await editableVoice(deps, caller, voiceId)
  await sampleOf(deps, caller, voiceId, sampleId)
  await repository.updateSample(voiceId, sampleId, { separation_status: 'pending' })
  await deps.queue.send('pvc.separate', { voiceId, sampleId })
}
