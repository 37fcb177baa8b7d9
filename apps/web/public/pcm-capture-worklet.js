// An AudioWorklet processor that turns the microphone's float samples into 16-bit PCM and posts
// them to the page in chunks of `chunkSamples` (a tenth of a second), ready for the realtime
// transcription socket. It runs in the audio thread, so it only converts and hands over.
class PcmCapture extends AudioWorkletProcessor {
  constructor(options) {
    super()
    this.size = options?.processorOptions?.chunkSamples ?? 1600
    this.buffer = new Int16Array(this.size)
    this.at = 0
  }

  process(inputs) {
    const channel = inputs[0]?.[0]
    if (!channel) return true
    for (let i = 0; i < channel.length; i++) {
      const s = Math.max(-1, Math.min(1, channel[i]))
      this.buffer[this.at++] = s < 0 ? s * 0x8000 : s * 0x7fff
      if (this.at === this.size) {
        this.port.postMessage(this.buffer.buffer, [this.buffer.buffer])
        this.buffer = new Int16Array(this.size)
        this.at = 0
      }
    }
    return true
  }
}

registerProcessor('pcm-capture', PcmCapture)
