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
// Recognition starts speculatively at the first quiet window, so when the silence is confirmed
// the words are usually ready; speech that resumes throws that guess away.

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
/** Audio kept before an utterance's detected start, so its first sound is not cut. */
const LEAD_IN_SECONDS = 0.3
/** The longest utterance kept for recognition; a longer one is recognised from its last part. */
const MAX_UTTERANCE_SECONDS = 30

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

interface Speculation {
  /** Samples of the utterance it decoded (from the utterance start). */
  length: number
  words: Promise<string>
}

export class VoiceInput {
  private audioIn: AudioInputStream | null = null
  private vad: VoiceActivityStream | null = null
  private readonly detector: UtteranceDetector
  private readonly recent: Float32Array[] = []
  private recentLength = 0
  private utterance: Float32Array[] = []
  private utteranceLength = 0
  private speculation: Speculation | null = null
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
      this.utterance.push(samples)
      this.utteranceLength += samples.length
      while (
        this.utteranceLength > MAX_UTTERANCE_SECONDS * RECOGNITION_SAMPLE_RATE &&
        this.utterance.length > 1
      )
        this.utteranceLength -= this.utterance.shift()?.length ?? 0
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
      this.utterance = [...this.recent]
      this.utteranceLength = this.recentLength
      this.speculation = null
      this.hooks.onSpeechStart()
      return
    }
    if (event?.type === 'end') {
      this.finish(event.at)
      return
    }
    if (!wasSpeaking) return
    if (p >= CONVAI_VAD_THRESHOLD) this.speculation = null
    else if (!this.speculation) this.speculate()
  }

  private joined(): Float32Array {
    const out = new Float32Array(this.utteranceLength)
    let at = 0
    for (const part of this.utterance) {
      out.set(part, at)
      at += part.length
    }
    return out
  }

  private speculate(): void {
    const audio = this.joined()
    this.speculation = { length: audio.length, words: this.recognise(audio) }
  }

  private recognise(audio: Float32Array): Promise<string> {
    return this.recogniser.recognise(audio).then((words) => words.map((w) => w.text).join(' '))
  }

  private finish(endAt: number): void {
    const now = performance.now()
    // Where the VAD put the end of speech: when the chunk holding that sample arrived.
    const sample = endAt * RECOGNITION_SAMPLE_RATE
    const speechEndedAt = this.arrivals.find((a) => a.until >= sample)?.at ?? now
    const guess = this.speculation
    const words = guess ? guess.words : this.recognise(this.joined())
    this.speculation = null
    this.utterance = []
    this.utteranceLength = 0
    words
      .then((text) => {
        if (this.closed) return
        const done = performance.now()
        this.hooks.onUtterance({
          text: text.trim(),
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
