import { PLAN_LIMITS, PLANS, type Tier } from '@timbre/contract'

// The product's rules for professional voice clones in one place. Where the product gives a
// value it is used as given; where it says a cap exists but not its value, the value here is
// this server's choice and says so.

const MiB = 1024 * 1024

export const PVC_LIMITS = Object.freeze({
  /** Audio needed before training: at least 30 minutes. */
  minTrainingSeconds: 30 * 60,
  /** One sample: up to 5 minutes. */
  sampleSecondsMax: 5 * 60,
  /** Loudness window of a sample's speech, dB RMS, and the highest peak, dBFS. */
  rmsDbMin: -23,
  rmsDbMax: -18,
  peakDbMax: -3,
  /** Speech a sample must hold to be worth keeping (our choice). */
  sampleSpeechSecondsMin: 1,
  /** Samples per voice and bytes per voice are capped; the values are our choice. */
  samplesPerVoice: 100,
  voiceBytesMax: 2 * 1024 * MiB,
  sampleBytesMax: 50 * MiB,
  filesPerRequest: 25,
  requestBytesMax: 200 * MiB,
  /** Verification attempts before the clone must be deleted and made again (our choice of cap). */
  verificationAttemptsMax: 5,
  /** Speech a captcha recording must hold, seconds (our choice). */
  captchaSpeechSecondsMin: 1.5,
  /** Supporting documents of a manual verification request. */
  manualFilesMin: 1,
  manualFilesMax: 10,
  /** Points in a sample's visual waveform. */
  waveformPoints: 200,
  /** Speakers separation may report in one sample (our choice). */
  speakersMax: 5,
})

/** Professional clones a plan includes: none below Creator, 1 on Creator, 3 on Business. */
export function professionalVoiceLimit(rawTier: string): number {
  const tier = (rawTier in PLANS ? rawTier : 'free') as Tier
  return PLAN_LIMITS[tier].professionalVoiceLimit
}
