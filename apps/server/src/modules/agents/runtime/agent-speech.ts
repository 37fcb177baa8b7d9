import {
  isSpeakable,
  type OutputFormat,
  type PipelineChunk,
  type SpeechPipeline,
  type SpeechRequest,
  type SpeechService,
} from '@timbre/speech'

// One reply of the agent spoken aloud: its text arrives in pieces (a streaming language model),
// each finished sentence goes into one speech pipeline at once (the engines and encoders every
// generation uses), and the encoded chunks go out as they come, so the first sentence is heard
// while the rest is still being written and rendered. The speech keeps where each chunk falls
// in the text, so an interruption can say which words the caller actually heard.

/** A sentence ends at . ! ? or … followed by a space (or a line break). */
const SENTENCE_END = /[.!?…]+["')\]]*\s+|\n+/g

export interface SpeechVoice {
  voice: SpeechRequest['voice']
  modelId: string
  voiceSettings: SpeechRequest['voiceSettings']
}

interface Mark {
  start: number
  end: number
  charsFrom: number
  charsTo: number
}

export class AgentSpeech {
  private readonly controller = new AbortController()
  private readonly pipeline: SpeechPipeline
  private buffer = ''
  private text = ''
  /** Offset in `text` of each piece pushed, by piece index. */
  private readonly pieceOffsets: number[] = []
  private readonly pieceChars = new Map<number, number>()
  private readonly marks: Mark[] = []
  private firstSentAt = 0
  private sentSeconds = 0
  private finished = false
  private ended = false

  constructor(
    speech: SpeechService,
    format: OutputFormat,
    private readonly voice: SpeechVoice,
    private readonly send: (audio: Uint8Array, chunk: PipelineChunk) => void,
  ) {
    this.pipeline = speech.pipeline(format, { signal: this.controller.signal, carryContext: true })
  }

  /** When the first audio went out (performance.now), or 0. */
  get firstAudioAt(): number {
    return this.firstSentAt
  }

  /** More of the reply's text; whole sentences start rendering now. */
  write(text: string): void {
    if (this.ended) return
    this.buffer += text
    let cut = 0
    for (const match of this.buffer.matchAll(SENTENCE_END)) cut = (match.index ?? 0) + match[0].length
    if (cut > 0) {
      this.pushPiece(this.buffer.slice(0, cut))
      this.buffer = this.buffer.slice(cut)
    }
  }

  /** The reply is complete: what is left renders, then the pipeline ends. */
  end(): void {
    if (this.ended) return
    this.pushPiece(this.buffer)
    this.buffer = ''
    this.ended = true
    this.pipeline.end()
  }

  private pushPiece(raw: string): void {
    const piece = raw.trim()
    if (!piece || !isSpeakable(piece)) return
    const offset = this.text ? this.text.length + 1 : 0
    this.text = this.text ? `${this.text} ${piece}` : piece
    const index = this.pipeline.push({
      text: piece,
      voice: this.voice.voice,
      modelId: this.voice.modelId,
      ...(this.voice.voiceSettings ? { voiceSettings: this.voice.voiceSettings } : {}),
    })
    this.pieceOffsets[index] = offset
  }

  /** Renders and sends every chunk; resolves when the reply was all sent or was cut off. */
  async run(): Promise<void> {
    try {
      for await (const chunk of this.pipeline) {
        if (this.controller.signal.aborted) break
        if (chunk.audio.length === 0) continue
        const before = this.pieceChars.get(chunk.piece) ?? 0
        const after = before + chunk.characters
        this.pieceChars.set(chunk.piece, after)
        const offset = this.pieceOffsets[chunk.piece] ?? 0
        this.marks.push({
          start: chunk.startSeconds,
          end: chunk.endSeconds,
          charsFrom: offset + before,
          charsTo: offset + after,
        })
        if (!this.firstSentAt) this.firstSentAt = performance.now()
        this.sentSeconds = chunk.endSeconds
        this.send(chunk.audio, chunk)
      }
    } catch (error) {
      if (!this.controller.signal.aborted) throw error
    } finally {
      this.finished = true
    }
  }

  /** Seconds of the reply the caller has heard by `now`, if they play it as it arrives. */
  playedSeconds(now = performance.now()): number {
    if (!this.firstSentAt) return 0
    return Math.min(this.sentSeconds, (now - this.firstSentAt) / 1000)
  }

  /** Whether the caller is still hearing (or about to hear) this reply. */
  speaking(now = performance.now()): boolean {
    if (!this.finished) return true
    return this.firstSentAt > 0 && this.playedSeconds(now) < this.sentSeconds
  }

  /** The whole text pushed for speech. */
  get spokenText(): string {
    return this.text
  }

  /** Stops rendering and sending at once. */
  stop(): void {
    this.controller.abort()
  }

  /** The words heard by `now`: cut after the last whole word whose speech had started. */
  heardText(now = performance.now()): string {
    const t = this.playedSeconds(now)
    let chars = 0
    for (const m of this.marks) {
      if (m.start > t) break
      const share = m.end > m.start ? Math.min(1, (t - m.start) / (m.end - m.start)) : 1
      chars = m.charsFrom + share * (m.charsTo - m.charsFrom)
    }
    const n = Math.floor(chars)
    if (n >= this.text.length) return this.text
    const cut = /\s/.test(this.text[n] ?? ' ') ? n : this.text.lastIndexOf(' ', n)
    return cut <= 0 ? '' : this.text.slice(0, cut).trim()
  }
}
