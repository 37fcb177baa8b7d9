// How near a rendering comes to a voice's samples, feature by feature, in units a listener can
// weigh: pace as a ratio, pitch in semitones, brightness as a ratio, colour in decibels.
import { envelopeDistanceDb } from './spectral-envelope.js'
import { plausibleRate, type VoiceFeatures } from './voice-analysis.js'

export interface FeatureComparison {
  /** Output's syllables per second over the samples' (1 = the same pace); null when unmeasurable. */
  speaking_rate_ratio: number | null
  /** Output's median F0 above (+) or below (-) the samples', semitones. */
  f0_median_semitones: number
  /** Output's 10-90 % pitch range minus the samples', semitones. */
  f0_range_semitones: number
  /** Output's spectral centroid over the samples' (1 = equally bright); null without an envelope. */
  brightness_ratio: number | null
  /** RMS difference of the long-term spectra's shapes, dB (0 = the same colour). */
  envelope_distance_db: number | null
}

const round = (v: number, digits = 3) => Math.round(v * 10 ** digits) / 10 ** digits

export function compareFeatures(output: VoiceFeatures, samples: VoiceFeatures): FeatureComparison {
  const both = output.envelope && samples.envelope ? { a: output.envelope, b: samples.envelope } : null
  return {
    speaking_rate_ratio:
      plausibleRate(output) && plausibleRate(samples)
        ? round(output.syllablesPerSecond / samples.syllablesPerSecond)
        : null,
    f0_median_semitones: round(
      12 * Math.log2(Math.max(1, output.f0MedianHz) / Math.max(1, samples.f0MedianHz)),
      2,
    ),
    f0_range_semitones: round(output.f0RangeSemitones - samples.f0RangeSemitones, 2),
    brightness_ratio: both && both.b.centroidHz > 0 ? round(both.a.centroidHz / both.b.centroidHz) : null,
    envelope_distance_db: both ? round(envelopeDistanceDb(both.a.bandsDb, both.b.bandsDb), 2) : null,
  }
}
