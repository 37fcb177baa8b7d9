import { AppError } from '../../errors.js'
import type { JobQueue } from '../../jobs/queue.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import { captchaText } from './captcha-texts.js'
import type { PvcRepository } from './pvc.repository.js'
import type { PvcService, UploadedFile } from './pvc.service.js'
import { DECODE_RATE, decodeUpload } from './pvc-audio.js'
import { PVC_LIMITS } from './pvc-limits.js'
import type { Caller, StoredSampleFeatures } from './pvc-state.js'
import { combineVectors, type SpeakerVector, speakerDistance, voiceprint } from './speaker-features.js'

// Verification that the person cloning is the person in the samples: they read a captcha
// text, and the recording's speaker vector (pitch, zero-crossing rate, spectral tilt) must be
// near the samples' own. Failed attempts are counted; after the cap the clone must be made
// again. Manual verification by support takes at least one supporting document.

/** A recording within this distance of the samples is the same speaker (speakerDistance units). */
export const VERIFY_DISTANCE_MAX = 3

export interface CaptchaResult {
  status: 'ok'
  distance: number
}

export function createPvcVerification(deps: {
  service: PvcService
  repository: PvcRepository
  storage: FileStorage
  queue: JobQueue
}) {
  const { service, repository } = deps

  function refuseSpent(attempts: number): void {
    if (attempts >= PVC_LIMITS.verificationAttemptsMax) {
      throw new AppError('pvc_verification_attempts_exhausted', {
        message: `Maximum verification attempts reached (${PVC_LIMITS.verificationAttemptsMax}). Delete this voice clone and create it again, or request manual verification.`,
      })
    }
  }

  /** The samples' voice: their speaker vectors together. */
  async function samplesVoice(voiceId: string): Promise<SpeakerVector> {
    const samples = await repository.samples(voiceId)
    if (!samples.length) {
      throw new AppError('validation_error', {
        message: 'Add samples of your voice before verifying it: the recording is compared with them.',
      })
    }
    return combineVectors(samples.map((s) => (s.features as StoredSampleFeatures).vector))
  }

  return {
    async captcha(caller: Caller, voiceId: string) {
      const voice = await service.voiceOf(caller, voiceId)
      if (voice.state === 'blocked') throw new AppError('pvc_voice_blocked')
      refuseSpent(voice.verification_attempts)
      const text = captchaText(voice.language ?? 'en')
      await repository.updateFlow(voiceId, { captcha_text: text })
      return {
        voice_id: voiceId,
        text,
        attempts_left: PVC_LIMITS.verificationAttemptsMax - voice.verification_attempts,
      }
    },

    async verify(
      caller: Caller,
      voiceId: string,
      recording: UploadedFile | undefined,
    ): Promise<CaptchaResult> {
      const voice = await service.voiceOf(caller, voiceId)
      if (voice.state === 'blocked') throw new AppError('pvc_voice_blocked')
      if (voice.verified) return { status: 'ok', distance: voice.last_verification_distance ?? 0 }
      refuseSpent(voice.verification_attempts)
      if (!voice.captcha_text) {
        throw new AppError('validation_error', { message: 'Get a captcha text to read first.' })
      }
      if (!recording) {
        throw new AppError('validation_error', {
          message: 'Upload the recording as recording.',
          param: 'recording',
        })
      }
      const decoded = await decodeUpload(recording.data, 'The recording', PVC_LIMITS.sampleSecondsMax)
      const heard = voiceprint(decoded.pcm, DECODE_RATE)
      if (heard.seconds < PVC_LIMITS.captchaSpeechSecondsMin || heard.pitch === null) {
        throw new AppError('voice_sample_silent', {
          message: 'No speech was found in the recording: read the captcha text aloud.',
          param: 'recording',
        })
      }
      const distance = Math.round(speakerDistance(heard, await samplesVoice(voiceId)) * 100) / 100
      if (distance > VERIFY_DISTANCE_MAX) {
        const attempts = await repository.countAttempt(voiceId, distance)
        const left = PVC_LIMITS.verificationAttemptsMax - attempts
        throw new AppError(left > 0 ? 'pvc_verification_failed' : 'pvc_verification_attempts_exhausted', {
          message:
            left > 0
              ? `The recording does not match the voice of the samples (distance ${distance}, at most ${VERIFY_DISTANCE_MAX} passes). ${left} attempt${left === 1 ? '' : 's'} left.`
              : `The recording does not match the voice of the samples. Maximum verification attempts reached (${PVC_LIMITS.verificationAttemptsMax}): delete this voice clone and create it again.`,
          param: 'recording',
        })
      }
      await repository.updateFlow(voiceId, { verified: true, last_verification_distance: distance })
      // Training asked for before verification starts now.
      if (voice.training_requested && voice.state === 'needs_verification') {
        const moved = await repository.transition(voiceId, ['needs_verification'], {
          state: 'fine_tuning',
          // A new training: no run holds it yet (an earlier training's holder is forgotten).
          worker_token: null,
          training_progress: 0,
          training_error: null,
        })
        if (moved) await deps.queue.send('pvc.train', { voiceId })
      }
      return { status: 'ok', distance }
    },

    async requestManual(
      caller: Caller,
      voiceId: string,
      files: UploadedFile[],
      extraText: string | undefined,
    ) {
      const voice = await service.voiceOf(caller, voiceId)
      if (voice.state === 'blocked') throw new AppError('pvc_voice_blocked')
      if (files.length < PVC_LIMITS.manualFilesMin)
        throw new AppError('pvc_manual_verification_files', { param: 'files' })
      if (files.length > PVC_LIMITS.manualFilesMax) {
        throw new AppError('validation_error', {
          message: `At most ${PVC_LIMITS.manualFilesMax} supporting documents.`,
          param: 'files',
        })
      }
      if (extraText !== undefined && extraText.length > 2000) {
        throw new AppError('validation_error', {
          message: 'extra_text is at most 2000 characters.',
          param: 'extra_text',
        })
      }
      const stored = files.map((f) => ({
        key: `voices/${caller.workspaceId}/${voiceId}/verification/${newId()}`,
        file_name: f.fileName.slice(0, 255) || 'document',
        size_bytes: f.data.length,
        data: f.data,
      }))
      await Promise.all(stored.map((f) => deps.storage.put(f.key, f.data)))
      await repository.updateFlow(voiceId, {
        manual_verification: JSON.stringify({
          requested_at: new Date().toISOString(),
          requested_by: caller.userId,
          extra_text: extraText ?? null,
          files: stored.map(({ data: _data, ...rest }) => rest),
        }),
      })
      return { status: 'ok' }
    },
  }
}

export type PvcVerification = ReturnType<typeof createPvcVerification>
