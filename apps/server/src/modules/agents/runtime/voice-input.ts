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
  type RecognitionStream,
  type VoiceActivityStream,
} from '@timbre/speech'
import { UtteranceDetector } from '../../speech-to-text/speech-to-text.module.js'

// The caller's side of a voice conversation: audio chunks in the agent's input format become
// 16 kHz samples, Silero voice activity marks where speech starts and ends (the speech to text
// detector, with the agent's turn silence), and each utterance is recognised while it is
// spoken: a recognition stream is fed every chunk from the start of speech (with a lead-in),
// so when the silence that ends the turn is confirmed only the last moments are left to decode.

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
/** Audio kept before an utterance's detected start, so its first sound is not cut. */
const LEAD_IN_SECONDS = 0.3
/** An utterance longer than this goes on in a new stream (a decoder's memory grows with it). */
const MAX_STREAM_SECONDS = 30
/** An utterance keeps at most this many streams' words; a longer one is recognised from its last part. */
const MAX_PARTS = 10

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
  /** The stream the utterance under way is fed to, and how many samples it has had. */
  private stream: RecognitionStream | null = null
  private streamLength = 0
  /** Words of the utterance's earlier streams (one past MAX_STREAM_SECONDS each), in order. */
  private parts: Array<Promise<string>> = []
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
    // Opens a live decoder now (the first in a process loads the model), not at the first turn.
    const warmUp = this.recogniser.startStream()
    warmUp.push(new Float32Array(RECOGNITION_SAMPLE_RATE / 10))
    void warmUp.finish().catch(() => undefined)
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
    if (this.stream) this.feed(samples)
    this.recent.push(samples)
    this.recentLength += samples.length
    while (this.recentLength - (this.recent[0]?.length ?? 0) >= LEAD_IN_SECONDS * RECOGNITION_SAMPLE_RATE)
      this.recentLength -= this.recent.shift()?.length ?? 0
  }

  private window(p: number): void {
    const event = this.detector.window(p)
    if (event?.type === 'start') {
      // The utterance starts with the lead-in before the detected start.
      this.parts = []
      this.openStream()
      for (const part of this.recent) this.feed(part)
      this.hooks.onSpeechStart()
      return
    }
    if (event?.type === 'end') this.finish(event.at)
  }

  private openStream(): void {
    this.stream = this.recogniser.startStream()
    this.streamLength = 0
  }

  private feed(samples: Float32Array): void {
    this.stream?.push(samples)
    this.streamLength += samples.length
    if (this.streamLength < MAX_STREAM_SECONDS * RECOGNITION_SAMPLE_RATE) return
    this.parts.push(this.wordsOf(this.stream))
    if (this.parts.length > MAX_PARTS) this.parts.shift()
    this.openStream()
  }

  /** The stream's words as text; the stream is finished (its tail decoded, its decoder given back). */
  private wordsOf(stream: RecognitionStream | null): Promise<string> {
    if (!stream) return Promise.resolve('')
    const text = stream.finish().then((words) => words.map((w) => w.text).join(' '))
    // A failure is reported once the turn's words are awaited, not as an unhandled rejection.
    text.catch(() => undefined)
    return text
  }

  private finish(endAt: number): void {
    const now = performance.now()
    // Where the VAD put the end of speech: when the chunk holding that sample arrived.
    const sample = endAt * RECOGNITION_SAMPLE_RATE
    const speechEndedAt = this.arrivals.find((a) => a.until >= sample)?.at ?? now
    const parts = [...this.parts, this.wordsOf(this.stream)]
    this.stream = null
    this.parts = []
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
    const stream = this.stream
    this.stream = null
    this.audioIn?.close()
    // The utterance under way is dropped; its decoder goes back to the recogniser.
    await stream?.abort()
    await this.vad?.close().catch(() => undefined)
  }
}
