// The playground's voice: the microphone goes to the conversation socket as 16 kHz 16-bit PCM
// chunks (the format agents hear by default), and the agent's PCM audio is played in order as
// it arrives; an interruption stops what is still queued.

const RATE = 16_000

function base64Of(samples: Float32Array): string {
  const pcm = new Int16Array(samples.length)
  for (let i = 0; i < samples.length; i++) pcm[i] = Math.max(-1, Math.min(1, samples[i] ?? 0)) * 32767
  const bytes = new Uint8Array(pcm.buffer)
  let text = ''
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(text)
}

export class VoiceCall {
  private readonly context = new AudioContext({ sampleRate: RATE })
  private stream: MediaStream | null = null
  private processor: ScriptProcessorNode | null = null
  private playAt = 0
  private sources: AudioBufferSourceNode[] = []

  /** Starts sending the microphone; rejects when the browser refuses it. */
  async start(send: (chunk: string) => void): Promise<void> {
    this.stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: true, noiseSuppression: true },
    })
    const source = this.context.createMediaStreamSource(this.stream)
    // A script processor needs no module file; its latency (128 ms) is fine for a playground.
    this.processor = this.context.createScriptProcessor(2048, 1, 1)
    this.processor.onaudioprocess = (event) => send(base64Of(event.inputBuffer.getChannelData(0)))
    source.connect(this.processor)
    this.processor.connect(this.context.destination)
  }

  /** One chunk of the agent's audio (base64 16-bit PCM at 16 kHz), after what is queued. */
  play(base64: string): void {
    const raw = atob(base64)
    const count = raw.length >> 1
    if (count === 0) return
    const buffer = this.context.createBuffer(1, count, RATE)
    const data = buffer.getChannelData(0)
    for (let i = 0; i < count; i++) {
      const value = raw.charCodeAt(2 * i) | (raw.charCodeAt(2 * i + 1) << 8)
      data[i] = (value > 32767 ? value - 65536 : value) / 32768
    }
    const source = this.context.createBufferSource()
    source.buffer = buffer
    source.connect(this.context.destination)
    this.playAt = Math.max(this.playAt, this.context.currentTime)
    source.start(this.playAt)
    this.playAt += buffer.duration
    this.sources.push(source)
    source.onended = () => {
      this.sources = this.sources.filter((s) => s !== source)
    }
  }

  interrupt(): void {
    for (const source of this.sources) source.stop()
    this.sources = []
    this.playAt = 0
  }

  stop(): void {
    this.interrupt()
    this.processor?.disconnect()
    for (const track of this.stream?.getTracks() ?? []) track.stop()
    void this.context.close()
  }
}
