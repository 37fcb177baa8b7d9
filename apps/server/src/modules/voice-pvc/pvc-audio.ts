import { type VoiceFeatures, wavHeader } from '@timbre/speech'
import { AppError } from '../../errors.js'
import {
  checkSampleLength,
  type DecodedUpload,
  decodeVoiceUpload,
  MEASURE_SAMPLE_RATE,
  measureSpeech,
} from '../../platform/audio/measure.js'
import { PVC_LIMITS } from './pvc-limits.js'
import { type SpeakerVector, voiceprint } from './speaker-features.js'

// A professional clone's sample is decoded by content (never by its name or declared type),
// measured, and held to the recording rules: speech present, at most 5 minutes, the speech at
// -23 to -18 dB RMS and no peak above -3 dB.

export const DECODE_RATE = MEASURE_SAMPLE_RATE

export type DecodedAudio = DecodedUpload

export interface MeasuredSample extends DecodedAudio {
  features: VoiceFeatures
  vector: SpeakerVector
}

/** Decodes an upload; a file that is not audio (whatever it calls itself) is a 422. */
export function decodeUpload(data: Uint8Array, label: string, maxSeconds: number): Promise<DecodedAudio> {
  return decodeVoiceUpload(data, { label, param: 'files', maxSeconds })
}

const fixed1 = (v: number) => v.toFixed(1)

/** Measures a decoded sample and refuses it when it breaks a recording rule. */
export function measureSample(decoded: DecodedAudio, label: string): MeasuredSample {
  const where = { label, param: 'files', maxSeconds: PVC_LIMITS.sampleSecondsMax }
  checkSampleLength(decoded, where)
  const features = measureSpeech(decoded.pcm, where)
  if (features.speechSeconds < PVC_LIMITS.sampleSpeechSecondsMin) {
    throw new AppError('voice_sample_silent', {
      message: `No speech was found in ${label}: upload a recording of a voice speaking.`,
      param: 'files',
    })
  }
  const level = `${label} is at ${fixed1(features.loudnessDb)} dB RMS with peaks at ${fixed1(features.peakDb)} dB`
  const rule = `record at ${PVC_LIMITS.rmsDbMin} to ${PVC_LIMITS.rmsDbMax} dB RMS with peaks below ${PVC_LIMITS.peakDbMax} dB.`
  if (features.loudnessDb > PVC_LIMITS.rmsDbMax) {
    throw new AppError('pvc_sample_too_loud', { message: `${level}: too loud; ${rule}`, param: 'files' })
  }
  if (features.loudnessDb < PVC_LIMITS.rmsDbMin) {
    throw new AppError('pvc_sample_too_quiet', { message: `${level}: too quiet; ${rule}`, param: 'files' })
  }
  if (features.peakDb > PVC_LIMITS.peakDbMax) {
    throw new AppError('pvc_sample_clipping', {
      message: `${level}: peaks too high; ${rule}`,
      param: 'files',
    })
  }
  return { ...decoded, features, vector: voiceprint(decoded.pcm, DECODE_RATE) }
}

/** The loudest sample of each of `points` equal parts, 0-1: what a waveform drawing needs. */
export function visualWaveform(pcm: Float32Array, points = PVC_LIMITS.waveformPoints): number[] {
  const out: number[] = []
  const step = pcm.length / points
  for (let p = 0; p < points; p++) {
    let peak = 0
    const end = Math.min(pcm.length, Math.floor((p + 1) * step))
    for (let i = Math.floor(p * step); i < end; i++) peak = Math.max(peak, Math.abs(pcm[i]!))
    out.push(Math.round(Math.min(1, peak) * 1000) / 1000)
  }
  return out
}

/** 16-bit mono WAV of float samples. */
export function encodeWav(pcm: Float32Array, sampleRate: number): Buffer {
  const body = Buffer.alloc(pcm.length * 2)
  for (let i = 0; i < pcm.length; i++) {
    body.writeInt16LE(Math.round(Math.max(-1, Math.min(1, pcm[i]!)) * 32767), i * 2)
  }
  return Buffer.concat([Buffer.from(wavHeader(sampleRate, body.length)), body])
}

/** The parts of a recording between the given times, joined. */
export function cutSpans(
  pcm: Float32Array,
  sampleRate: number,
  spans: ReadonlyArray<{ start: number; end: number }>,
): Float32Array {
  const parts = spans.map((s) =>
    pcm.subarray(
      Math.max(0, Math.round(s.start * sampleRate)),
      Math.min(pcm.length, Math.round(s.end * sampleRate)),
    ),
  )
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
