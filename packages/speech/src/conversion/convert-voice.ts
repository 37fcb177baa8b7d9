// Speech to speech by signal processing: the input keeps its words and timing (no time
// stretch; the output is exactly as long as the input) while its voice moves to the target's.
//  - Pitch: the input's contour is mapped from its own range onto the target's (on a log
//    scale: the median goes to the target's median, the spread is scaled by the ratio of the
//    ranges), applied pulse by pulse by TD-PSOLA, which keeps the formants of the input.
//  - Formants: then moved by Rubber Band's formant shift towards the target's vocal tract.
//  - EQ and loudness: shelving and presence bands match the target's long-term spectrum, and
//    the voiced level matches the target's.
// Everything that needs the whole recording (the source's pitch range, spectrum and level) is
// measured first; the audio is then converted a block at a time, so a stream can send its
// first second while the rest is still being converted. The EQ and gain are set from the
// source's spectrum as the formant shift will move it, not measured on the output.
import {
  analyseVoice,
  PITCH_TRACK_FRAME_CENTRE_SECONDS,
  PITCH_TRACK_HOP_SECONDS,
  pitchTrack,
} from '../analysis/voice-analysis.js'
import { createEq, type EqSettings } from '../dsp/biquad.js'
import { fft } from '../dsp/fft.js'
import { applyGain, dbToGain, limitPeaks, voicedRms } from '../dsp/levels.js'
import { createTimePitchStream } from '../dsp/time-pitch.js'
import { createPsola } from './psola.js'

/** What conversion needs to know about a voice, measured on its speech. */
export interface VoiceProfile {
  f0MedianHz: number
  /** 10th-90th percentile width of the pitch, semitones. */
  f0RangeSemitones: number
  /** Spectral centroid of the voiced frames (200-5000 Hz), a stand-in for vocal-tract size. */
  centroidHz: number
  /** Long-term level of the low (< 300 Hz), presence (2-5 kHz) and high (> 5 kHz) bands, dB relative to the mid band. */
  bandsDb: { low: number; presence: number; high: number }
  /** Voiced RMS level, dBFS. */
  loudnessDb: number
  /** Seconds with a measured pitch. */
  voicedSeconds: number
}

const FFT_SIZE = 1024

/** Long-term power spectrum of the loud frames, and the centroid of those frames. */
function spectrum(samples: Float32Array, rate: number): { power: Float64Array; centroidHz: number } {
  const power = new Float64Array(FFT_SIZE / 2)
  const hop = FFT_SIZE / 2
  const window = Float64Array.from(
    { length: FFT_SIZE },
    (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / FFT_SIZE),
  )
  const energies: number[] = []
  for (let start = 0; start + FFT_SIZE <= samples.length; start += hop) {
    let e = 0
    for (let i = 0; i < FFT_SIZE; i++) e += samples[start + i]! ** 2
    energies.push(e)
  }
  const sorted = [...energies].sort((a, b) => a - b)
  // Frames within 25 dB of the loud end (95th percentile): speech, not pauses.
  const gate = (sorted[Math.floor(sorted.length * 0.95)] ?? 0) / 10 ** 2.5
  const re = new Float64Array(FFT_SIZE)
  const im = new Float64Array(FFT_SIZE)
  let centroidSum = 0
  let centroidFrames = 0
  const lo = Math.ceil((200 * FFT_SIZE) / rate)
  const hi = Math.min(FFT_SIZE / 2 - 1, Math.floor((5000 * FFT_SIZE) / rate))
  for (let f = 0, start = 0; start + FFT_SIZE <= samples.length; f++, start += hop) {
    if (energies[f]! < gate || energies[f]! <= 0) continue
    for (let i = 0; i < FFT_SIZE; i++) {
      re[i] = samples[start + i]! * window[i]!
      im[i] = 0
    }
    fft(re, im)
    let weighted = 0
    let total = 0
    for (let k = 0; k < FFT_SIZE / 2; k++) {
      const p = re[k]! * re[k]! + im[k]! * im[k]!
      power[k] = power[k]! + p
      if (k >= lo && k <= hi) {
        weighted += p * ((k * rate) / FFT_SIZE)
        total += p
      }
    }
    if (total > 0) {
      centroidSum += weighted / total
      centroidFrames++
    }
  }
  return { power, centroidHz: centroidFrames ? centroidSum / centroidFrames : 0 }
}

function bandDb(power: Float64Array, rate: number, from: number, to: number): number {
  let sum = 0
  for (let k = 0; k < power.length; k++) {
    const hz = (k * rate) / FFT_SIZE
    if (hz >= from && hz < to) sum += power[k]!
  }
  return 10 * Math.log10(sum + 1e-12)
}

interface Measured {
  profile: VoiceProfile
  power: Float64Array
}

function measure(samples: Float32Array, rate: number): Measured {
  const features = analyseVoice(samples, rate)
  const { power, centroidHz } = spectrum(samples, rate)
  const mid = bandDb(power, rate, 300, 2000)
  const rms = voicedRms(samples, rate)
  return {
    power,
    profile: {
      f0MedianHz: features.f0MedianHz,
      f0RangeSemitones: features.f0RangeSemitones,
      centroidHz,
      bandsDb: {
        low: bandDb(power, rate, 50, 300) - mid,
        presence: bandDb(power, rate, 2000, 5000) - mid,
        high: bandDb(power, rate, 5000, Math.min(rate / 2, 11_000)) - mid,
      },
      loudnessDb: rms > 0 ? 20 * Math.log10(rms) : -120,
      voicedSeconds: features.voicedSeconds,
    },
  }
}

/** A voice's profile from a recording of it speaking. */
export function voiceProfile(samples: Float32Array, rate: number): VoiceProfile {
  return measure(samples, rate).profile
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v))

/**
 * The pitch ratio to apply in every 10 ms frame: voiced frames follow the mapped contour,
 * unvoiced stretches take the ratio of the voiced frames around them, and the whole is
 * smoothed so the shift never jumps.
 */
export function pitchRatios(track: Float32Array, source: VoiceProfile, target: VoiceProfile): Float32Array {
  const ratios = new Float32Array(track.length)
  const spread =
    source.f0RangeSemitones > 0.5 ? clamp(target.f0RangeSemitones / source.f0RangeSemitones, 0.5, 2) : 1
  const srcLog = Math.log2(Math.max(1, source.f0MedianHz))
  const dstLog = Math.log2(Math.max(1, target.f0MedianHz))
  const logs = new Float64Array(track.length).fill(Number.NaN)
  for (let i = 0; i < track.length; i++) {
    const f0 = track[i]!
    if (f0 <= 0) continue
    const from = Math.log2(f0)
    const to = dstLog + (from - srcLog) * spread
    logs[i] = clamp(to - from, -1.5, 1.5)
  }
  // Fill the gaps from the nearest voiced frames (the global shift where there are none).
  const global = dstLog - srcLog
  let last = Number.NaN
  for (let i = 0; i < logs.length; i++) {
    if (Number.isNaN(logs[i]!)) logs[i] = last
    else last = logs[i]!
  }
  last = Number.NaN
  for (let i = logs.length - 1; i >= 0; i--) {
    if (Number.isNaN(logs[i]!)) logs[i] = Number.isNaN(last) ? global : last
    else last = logs[i]!
  }
  // 50 ms moving average: a shift that follows each period would warble.
  const half = 2
  for (let i = 0; i < logs.length; i++) {
    let sum = 0
    let n = 0
    for (let k = Math.max(0, i - half); k <= Math.min(logs.length - 1, i + half); k++) {
      sum += logs[k]!
      n++
    }
    ratios[i] = 2 ** (sum / n)
  }
  return ratios
}

export interface ConversionReport {
  source: VoiceProfile
  /** The formant scale applied. */
  formantScale: number
  /** The median pitch ratio applied. */
  medianRatio: number
}

/** A conversion under way: `next()` converts and returns the next block, null once all is out. */
export interface VoiceConversion {
  readonly source: VoiceProfile
  readonly report: ConversionReport
  /** Samples in (and out: the output is exactly as long). */
  readonly length: number
  /** Samples converted and returned so far. */
  readonly produced: number
  next(): Promise<Float32Array | null>
  close(): void
}

/** The EQ that moves the source's bands, as the formant shift will leave them, towards the target's. */
function plannedEq(measured: Measured, rate: number, formantScale: number, target: VoiceProfile): EqSettings {
  // Scaling the formants by s moves the spectrum's content at f to f * s.
  const band = (from: number, to: number) =>
    bandDb(measured.power, rate, from / formantScale, to / formantScale)
  const mid = band(300, 2000)
  const towards = (want: number, have: number) => clamp((want - have) * 0.8, -8, 8)
  return {
    lowShelfDb: towards(target.bandsDb.low, band(50, 300) - mid),
    presenceDb: towards(target.bandsDb.presence, band(2000, 5000) - mid),
    highShelfDb: towards(target.bandsDb.high, band(5000, Math.min(rate / 2, 11_000)) - mid),
  }
}

/** How much the EQ changes the overall level, from the source's band levels (dB). */
function eqLevelChangeDb(bands: VoiceProfile['bandsDb'], eq: EqSettings): number {
  const power = (db: number) => 10 ** (db / 10)
  const before = power(bands.low) + 1 + power(bands.presence) + power(bands.high)
  const after =
    power(bands.low + eq.lowShelfDb) +
    1 +
    power(bands.presence + eq.presenceDb) +
    power(bands.high + eq.highShelfDb)
  return 10 * Math.log10(after / before)
}

/**
 * Starts converting speech to the target voice; `rate` is the input's and the output's sample
 * rate, `blockSamples` how much each `next()` returns (the last block may be shorter).
 */
export async function openVoiceConversion(
  input: Float32Array,
  rate: number,
  target: VoiceProfile,
  blockSamples: number,
): Promise<VoiceConversion> {
  const measured = measure(input, rate)
  const source = measured.profile
  const track = pitchTrack(input, rate)
  const ratios = pitchRatios(track, source, target)
  // Each pulse keeps its shape (PSOLA), so the words stay as clear as they were.
  const psola = createPsola({
    samples: input,
    rate,
    track,
    hopSeconds: PITCH_TRACK_HOP_SECONDS,
    offsetSeconds: PITCH_TRACK_FRAME_CENTRE_SECONDS,
    ratios,
  })
  // The vocal tract: mostly what the pitch change implies (a higher voice has a shorter
  // tract: formants move about a fifth of the pitch ratio in log terms), corrected a little
  // by the measured spectral centroids.
  const pitchPart = (Math.max(1, target.f0MedianHz) / Math.max(1, source.f0MedianHz)) ** 0.2
  const centroidPart =
    source.centroidHz > 0 && target.centroidHz > 0 ? (target.centroidHz / source.centroidHz) ** 0.25 : 1
  const formantScale = clamp(pitchPart * centroidPart, 0.85, 1.2)
  const formants = await createTimePitchStream(
    rate,
    {
      timeRatio: 1,
      pitchScale: 1,
      formantScale: Math.abs(formantScale - 1) < 0.02 ? 1 : formantScale,
      quality: 'high',
    },
    input.length,
  )
  const eq = plannedEq(measured, rate, formantScale, target)
  const equalise = createEq(rate, eq)
  const gainDb = clamp(
    clamp(target.loudnessDb, -30, -12) - (source.loudnessDb + eqLevelChangeDb(source.bandsDb, eq)),
    -18,
    18,
  )
  const gain = dbToGain(gainDb)
  const sortedRatios = Float32Array.from(ratios).sort()
  const report: ConversionReport = {
    source,
    formantScale: Math.round(formantScale * 1000) / 1000,
    medianRatio: Math.round((sortedRatios[Math.floor(sortedRatios.length / 2)] ?? 1) * 1000) / 1000,
  }

  let fed = 0
  let produced = 0
  let pending: Float32Array[] = []
  let pendingLength = 0
  const block = Math.max(1, Math.floor(blockSamples))

  function take(count: number): Float32Array {
    const out = new Float32Array(count)
    let at = 0
    while (at < count && pending.length > 0) {
      const head = pending[0]!
      const used = Math.min(head.length, count - at)
      out.set(head.subarray(0, used), at)
      at += used
      if (used === head.length) pending.shift()
      else pending[0] = head.subarray(used)
    }
    pendingLength -= at
    return out
  }

  return {
    source,
    report,
    length: input.length,
    get produced() {
      return produced
    },
    async next() {
      if (produced >= input.length) return null
      const want = Math.min(block, input.length - produced)
      // Feed the shift until a block's worth is ready (Rubber Band holds some back at first).
      while (pendingLength < want && fed < input.length) {
        const upTo = Math.min(input.length, fed + block)
        const shifted = psola.render(upTo)
        fed = upTo
        const ready = formants.push(shifted, fed >= input.length)
        if (ready.length > 0) {
          pending.push(ready)
          pendingLength += ready.length
        }
      }
      // The output keeps the input's length exactly: a shortfall at the very end is silence.
      const out = take(want)
      if (produced + want >= input.length) {
        pending = []
        pendingLength = 0
        formants.close()
      }
      produced += want
      equalise(out)
      applyGain(out, gain)
      limitPeaks(out)
      return out
    },
    close() {
      formants.close()
    },
  }
}

/**
 * Converts speech to the target voice; `rate` is the input's and the output's sample rate.
 * Returns the converted samples, the same length as the input.
 */
export async function convertVoice(
  input: Float32Array,
  rate: number,
  target: VoiceProfile,
): Promise<{ samples: Float32Array; report: ConversionReport }> {
  const conversion = await openVoiceConversion(input, rate, target, rate)
  const samples = new Float32Array(input.length)
  try {
    for (let block = await conversion.next(); block; block = await conversion.next())
      samples.set(block, conversion.produced - block.length)
  } finally {
    conversion.close()
  }
  return { samples, report: conversion.report }
}
