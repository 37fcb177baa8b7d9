// TD-PSOLA (time-domain pitch-synchronous overlap-add) for singing monotone speech: grains of
// two periods, cut around each period's peak, are laid down again one target period apart, so
// the pitch becomes the note's and holds still while the formants (the vowel) stay the
// speaker's. Where the speech is unvoiced (s, t, f, ...) short grains are copied at their own
// pace: noise has no period to move.

/** Where a monotone recording's periods are: one mark per period, on its peak, where voiced. */
export interface PitchMarks {
  /** The recording's period in samples. */
  period: number
  /** Sample positions of the voiced periods' peaks, ascending. */
  marks: Int32Array
  /** Per `VOICING_HOP` samples: 1 where the recording is voiced. */
  voiced: Uint8Array
}

const VOICING_HOP = 128
/** Normalised autocorrelation at one period above which a stretch counts as voiced. */
const VOICED_CORRELATION = 0.45
/** Frames quieter than this (dB below the loudest) are silence. */
const SILENCE_DB = 40

/** The period (samples) of a monotone recording near `expected`: the best autocorrelation lag. */
export function measurePeriod(x: Float32Array, expected: number): number {
  const from = Math.max(2, Math.floor(expected * 0.8))
  const to = Math.ceil(expected * 1.25)
  let best = expected
  let bestScore = -Infinity
  const step = Math.max(1, Math.floor(x.length / 40_000))
  for (let lag = from; lag <= to; lag++) {
    let sum = 0
    for (let i = 0; i + lag < x.length; i += step) sum += (x[i] as number) * (x[i + lag] as number)
    if (sum > bestScore) {
      bestScore = sum
      best = lag
    }
  }
  return best
}

function correlationAt(x: Float32Array, start: number, length: number, lag: number): number {
  let xy = 0
  let xx = 0
  let yy = 0
  for (let i = start; i < start + length && i + lag < x.length; i++) {
    const a = x[i] as number
    const b = x[i + lag] as number
    xy += a * b
    xx += a * a
    yy += b * b
  }
  return xx > 0 && yy > 0 ? xy / Math.sqrt(xx * yy) : 0
}

export function findPitchMarks(x: Float32Array, period: number): PitchMarks {
  const frames = Math.ceil(x.length / VOICING_HOP)
  const voiced = new Uint8Array(frames)
  let peak = 0
  for (const v of x) peak = Math.max(peak, Math.abs(v))
  const floor = peak * 10 ** (-SILENCE_DB / 20)
  const window = 2 * period
  for (let f = 0; f < frames; f++) {
    const start = Math.max(0, f * VOICING_HOP + VOICING_HOP / 2 - period)
    let level = 0
    for (let i = start; i < Math.min(x.length, start + window); i++)
      level = Math.max(level, Math.abs(x[i] as number))
    voiced[f] = level > floor && correlationAt(x, start, window, period) > VOICED_CORRELATION ? 1 : 0
  }
  const marks: number[] = []
  let last = -1
  let position = 0
  while (position < x.length) {
    if (voiced[Math.floor(position / VOICING_HOP)] !== 1) {
      position += VOICING_HOP
      last = -1
      continue
    }
    // A period's peak: the first anywhere in a period, the next one period on, give or take.
    const from = last < 0 ? position : last + Math.round(period * 0.8)
    const to = Math.min(x.length, last < 0 ? position + period : last + Math.round(period * 1.2))
    let best = from
    for (let i = from; i < to; i++) if ((x[i] as number) > (x[best] as number)) best = i
    if (best >= x.length) break
    marks.push(best)
    last = best
    position = best + period
  }
  return { period, marks: Int32Array.from(marks), voiced }
}

/**
 * A held note's slight, regular vibrato, as a pitch factor: none for the first quarter second,
 * then growing to a fifth of a semitone either way at five and a half cycles a second.
 */
function vibrato(seconds: number): number {
  const depth = VIBRATO_CENTS * Math.min(1, Math.max(0, (seconds - 0.25) / 0.25))
  return depth === 0 ? 1 : 2 ** ((depth * Math.sin(2 * Math.PI * VIBRATO_HZ * seconds)) / 1200)
}

const VIBRATO_CENTS = 20
const VIBRATO_HZ = 5.5

/** One note of a sung stretch: where it starts in the output (samples) and its frequency. */
export interface PitchSpan {
  from: number
  hz: number
}

/** A stretch of the recording and where its vowel is (samples). */
export interface SpeechSpan {
  start: number
  end: number
  vowelStart: number
  vowelEnd: number
}

/**
 * Maps output time to recording time: consonants keep their length while the vowel takes
 * what the note leaves; a note too short for the consonants squeezes everything evenly.
 */
function timeMap(span: SpeechSpan, length: number): (at: number) => number {
  const onset = span.vowelStart - span.start
  const vowel = span.vowelEnd - span.vowelStart
  const coda = span.end - span.vowelEnd
  if (length < onset + coda + vowel * 0.5) {
    const scale = (span.end - span.start) / Math.max(1, length)
    return (at) => span.start + at * scale
  }
  const held = length - onset - coda
  return (at) => {
    if (at < onset) return span.start + at
    if (at < onset + held) return span.vowelStart + ((at - onset) / held) * vowel
    return span.vowelEnd + (at - onset - held)
  }
}

function nearestMark(marks: Int32Array, at: number): number {
  let low = 0
  let high = marks.length - 1
  while (low < high) {
    const mid = (low + high) >> 1
    if ((marks[mid] as number) < at) low = mid + 1
    else high = mid
  }
  const before = marks[low - 1]
  return before !== undefined && at - before < (marks[low] as number) - at ? before : (marks[low] as number)
}

/**
 * Sings `span` of the recording for `length` samples on the given pitches, adding the result
 * into `out` at `at`. Fades of a few milliseconds at both ends keep the joins silent.
 */
export function singSpan(input: {
  speech: Float32Array
  marks: PitchMarks
  span: SpeechSpan
  pitches: readonly PitchSpan[]
  sampleRate: number
  out: Float32Array
  at: number
  length: number
  gain: number
}): void {
  const { speech, marks, span, pitches, sampleRate, out, at, length } = input
  const period = marks.period
  const local = new Float32Array(length)
  const map = timeMap(span, length)
  const hann = (half: number) =>
    Float32Array.from({ length: 2 * half + 1 }, (_, i) => 0.5 - 0.5 * Math.cos((Math.PI * i) / half))
  const voicedWindow = hann(period)
  const noiseHalf = Math.max(8, Math.round(period / 2))
  const noiseWindow = hann(noiseHalf)
  let pitch = 0
  let position = 0
  while (position < length) {
    while (pitch + 1 < pitches.length && (pitches[pitch + 1] as PitchSpan).from <= position) pitch++
    const source = map(position)
    const isVoiced = marks.marks.length > 0 && marks.voiced[Math.floor(source / VOICING_HOP)] === 1
    const centre = isVoiced ? nearestMark(marks.marks, source) : Math.round(source)
    const half = isVoiced ? period : noiseHalf
    const window = isVoiced ? voicedWindow : noiseWindow
    const note = pitches[pitch] as PitchSpan
    const step = isVoiced ? sampleRate / (note.hz * vibrato((position - note.from) / sampleRate)) : noiseHalf
    // Grains overlap by two periods over the step: scaled so the overlap sums to one.
    const scale = isVoiced ? Math.min(1, step / period) : 1
    const target = Math.round(position)
    for (let k = -half; k <= half; k++) {
      const o = target + k
      const s = centre + k
      if (o < 0 || o >= length || s < 0 || s >= speech.length) continue
      local[o] = (local[o] as number) + (speech[s] as number) * (window[k + half] as number) * scale
    }
    position += step
  }
  const fadeIn = Math.min(length >> 1, Math.round(sampleRate * 0.006))
  const fadeOut = Math.min(length >> 1, Math.round(sampleRate * 0.02))
  for (let i = 0; i < length; i++) {
    const fade = Math.min(1, i / Math.max(1, fadeIn), (length - 1 - i) / Math.max(1, fadeOut))
    const o = at + i
    if (o >= 0 && o < out.length) out[o] = (out[o] as number) + (local[i] as number) * fade * input.gain
  }
}
