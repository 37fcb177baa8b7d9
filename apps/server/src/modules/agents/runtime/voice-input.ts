import {
  CONVAI_AUDIO_FORMATS,
  CONVAI_MIN_SPEECH_SECONDS,
  CONVAI_TURN_SILENCE_SECONDS,
  CONVAI_VAD_THRESHOLD,
  type ConvaiAudioFormat,
} from '@timbre/contract'
import {
  type AudioInputStream,
  bytesPerSample,
  createAudioInputStream,
  createVoiceActivityStream,
  type LiveAudioEncoding,
  RECOGNITION_SAMPLE_RATE,
  type Recogniser,
  type VoiceActivityStream,
} from '@timbre/speech'
import { UtteranceDetector } from '../../speech-to-text/speech-to-text.module.js'

// The caller's side of a voice conversation: audio chunks in the agent's input format become
// 16 kHz samples, Silero voice activity marks where speech starts and ends (the speech to text
// detector, with the agent's turn silence), and each finished utterance is recognised.
// Recognition does not wait for the turn to end: a long utterance is cut at the pauses between
// its words into segments decoded while the caller still speaks, and the last segment starts
// decoding speculatively at the first quiet window, so when the silence is confirmed the words
// are usually ready; speech that resumes throws that guess away.

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
/** Audio kept before an utterance's detected start, so its first sound is not cut. */
const LEAD_IN_SECONDS = 0.3
/** An utterance is cut into segments of at least this long, at a quiet window between words. */
const SEGMENT_SECONDS = 1.2
/** An utterance keeps at most this many segments; a longer one is recognised from its last part. */
const MAX_SEGMENTS = 30

export class BrokenAudio extends Error {}

export function inputFormatOf(name: unknown): { sampleRate: number; encoding: LiveAudioEncoding } {
  const format = (CONVAI_AUDIO_FORMATS as readonly string[]).includes(String(name))
    ? (name as ConvaiAudioFormat)
    : 'pcm_16000'
  if (format === 'ulaw_8000') return { sampleRate: 8000, encoding: 'mulaw' }
  return { sampleRate: Number(format.slice(4)), encoding: 'pcm_s16le' }
}

export function silenceSecondsOf(eagerness: unknown): number {
  return eagerness === 'eager' || eagerness === 'patient'
    ? CONVAI_TURN_SILENCE_SECONDS[eagerness]
    : CONVAI_TURN_SILENCE_SECONDS.normal
}

export interface Utterance {
  text: string
  /** Stage timings in ms: end of speech (VAD) was confirmed, and recognition after it. */
  vadMs: number
  recognitionMs: number
  /** Wall-clock time (performance.now) when the speech ended, as the VAD placed it. */
  speechEndedAt: number
}

export interface VoiceInputHooks {
  /** Speech started (after the minimum speech length): the agent may be interrupted. */
  onSpeechStart(): void
  onVadScore(score: number): void
  onUtterance(utterance: Utterance): void
  /** 16 kHz samples as received, for the recording. */
  onSamples(samples: Float32Array): void
  onError(error: unknown): void
}

export class VoiceInput {
  private audioIn: AudioInputStream | null = null
  private vad: VoiceActivityStream | null = null
  private readonly detector: UtteranceDetector
  private readonly recent: Float32Array[] = []
  private recentLength = 0
  /** Decodes of the utterance's finished segments, in order. */
  private segments: Array<Promise<string>> = []
  /** The segment under way, and whether any of it was speech. */
  private current: Float32Array[] = []
  private currentLength = 0
  private currentHasSpeech = false
  private speculation: Promise<string> | null = null
  /**
   * A speculative decode is running (perhaps thrown away since): no other starts until it ends,
   * so guesses never queue up in front of the decode the turn waits for.
   */
  private speculating = false
  /** 16 kHz samples received, and when recent chunks arrived, for placing the end of speech. */
  private received = 0
  private readonly arrivals: Array<{ until: number; at: number }> = []
  private closed = false

  constructor(
    private readonly format: { sampleRate: number; encoding: LiveAudioEncoding },
    private readonly recogniser: Recogniser,
    silenceSeconds: number,
    private readonly hooks: VoiceInputHooks,
  ) {
    this.detector = new UtteranceDetector({
      threshold: CONVAI_VAD_THRESHOLD,
      minSpeechSeconds: CONVAI_MIN_SPEECH_SECONDS,
      silenceSeconds,
    })
  }

  async open(): Promise<void> {
    this.audioIn = await createAudioInputStream(this.format.sampleRate, this.format.encoding)
    this.vad = await createVoiceActivityStream()
  }

  /** The bytes of a `user_audio_chunk`, once they are whole samples; throws BrokenAudio. */
  decode(base64: string): Uint8Array {
    if (base64.length % 4 !== 0 || !BASE64.test(base64))
      throw new BrokenAudio('user_audio_chunk is not valid base64.')
    const bytes = Buffer.from(base64, 'base64')
    if (bytes.length % bytesPerSample(this.format.encoding) !== 0)
      throw new BrokenAudio('user_audio_chunk must hold whole 16-bit samples.')
    return bytes
  }

  async push(bytes: Uint8Array): Promise<void> {
    if (this.closed || !this.audioIn || !this.vad || bytes.length === 0) return
    const samples = this.audioIn.push(bytes)
    this.received += samples.length
    this.arrivals.push({ until: this.received, at: performance.now() })
    if (this.arrivals.length > 200) this.arrivals.shift()
    this.hooks.onSamples(samples)
    this.keep(samples)
    let score = 0
    for (const p of await this.vad.push(samples)) {
      score = Math.max(score, p)
      this.window(p)
    }
    this.hooks.onVadScore(Math.round(score * 1000) / 1000)
  }

  private keep(samples: Float32Array): void {
    if (this.detector.speaking) {
      this.current.push(samples)
      this.currentLength += samples.length
    }
    this.recent.push(samples)
    this.recentLength += samples.length
    while (this.recentLength - (this.recent[0]?.length ?? 0) >= LEAD_IN_SECONDS * RECOGNITION_SAMPLE_RATE)
      this.recentLength -= this.recent.shift()?.length ?? 0
  }

  private window(p: number): void {
    const wasSpeaking = this.detector.speaking
    const event = this.detector.window(p)
    if (event?.type === 'start') {
      // The utterance starts with the lead-in before the detected start.
      this.current = [...this.recent]
      this.currentLength = this.recentLength
      this.currentHasSpeech = true
      this.segments = []
      this.speculation = null
      this.hooks.onSpeechStart()
      return
    }
    if (event?.type === 'end') {
      this.finish(event.at)
      return
    }
    if (!wasSpeaking) return
    if (p >= CONVAI_VAD_THRESHOLD) {
      this.currentHasSpeech = true
      this.speculation = null
    } else if (this.currentLength >= SEGMENT_SECONDS * RECOGNITION_SAMPLE_RATE && this.currentHasSpeech) {
      this.cutSegment()
    } else if (!this.speculation && !this.speculating && this.currentHasSpeech) {
      this.speculating = true
      const guess = this.recognise(this.joined())
      guess.then(
        () => (this.speculating = false),
        () => (this.speculating = false),
      )
      this.speculation = guess
    }
  }

  /** A pause between words: the segment so far starts decoding while the caller goes on. */
  private cutSegment(): void {
    this.segments.push(this.speculation ?? this.recognise(this.joined()))
    if (this.segments.length > MAX_SEGMENTS) this.segments.shift()
    this.speculation = null
    this.current = []
    this.currentLength = 0
    this.currentHasSpeech = false
  }

  private joined(): Float32Array {
    const out = new Float32Array(this.currentLength)
    let at = 0
    for (const part of this.current) {
      out.set(part, at)
      at += part.length
    }
    return out
  }

  private recognise(audio: Float32Array): Promise<string> {
    return this.recogniser.recognise(audio).then((words) => words.map((w) => w.text).join(' '))
  }

  private finish(endAt: number): void {
    const now = performance.now()
    // Where the VAD put the end of speech: when the chunk holding that sample arrived.
    const sample = endAt * RECOGNITION_SAMPLE_RATE
    const speechEndedAt = this.arrivals.find((a) => a.until >= sample)?.at ?? now
    const tail = this.currentHasSpeech ? (this.speculation ?? this.recognise(this.joined())) : null
    const parts = tail ? [...this.segments, tail] : this.segments
    this.speculation = null
    this.segments = []
    this.current = []
    this.currentLength = 0
    this.currentHasSpeech = false
    Promise.all(parts)
      .then((texts) => {
        if (this.closed) return
        const done = performance.now()
        this.hooks.onUtterance({
          text: texts.join(' ').replace(/\s+/g, ' ').trim(),
          vadMs: now - speechEndedAt,
          recognitionMs: done - now,
          speechEndedAt,
        })
      })
      .catch((error: unknown) => {
        if (!this.closed) this.hooks.onError(error)
      })
  }

  async close(): Promise<void> {
    this.closed = true
    this.audioIn?.close()
    await this.vad?.close().catch(() => undefined)
  }
}
