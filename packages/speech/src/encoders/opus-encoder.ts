// Opus in Ogg (RFC 7845) with libopus (opusscript: libopus compiled to WebAssembly). The
// encoder keeps its state across calls, so a stream encoded in slices is one continuous Opus
// stream: the first call returns the two header pages and the first audio pages, and every
// call returns whole pages. Opus runs at 48 kHz; a 20 ms frame is 960 samples.
import { createRequire } from 'node:module'
import type { OutputFormat } from '../formats/output-formats.js'
import type { AudioEncoder } from './audio-encoder.js'
import {
  lacingCount,
  OGG_FLAG_BOS,
  OGG_FLAG_EOS,
  OGG_MAX_SEGMENTS,
  type OggPage,
  writeOggPage,
} from './ogg-pages.js'
import { concatBytes, floatToInt16 } from './pcm16.js'

interface OpusScriptInstance {
  encode(pcm: Int16Array, frameSize: number): Uint8Array
  setBitrate(bitsPerSecond: number): void
  delete(): void
}
type OpusScriptClass = new (rate: 48000, channels: number, application: number) => OpusScriptInstance

// opusscript is CommonJS and loads its wasm build synchronously through require.
const OpusScript = createRequire(import.meta.url)('opusscript') as OpusScriptClass

export const OPUS_RATE = 48000
export const OPUS_FRAME_SAMPLES = 960
/** libopus's look-ahead at 48 kHz in the audio application (2.5 ms + 4 ms delay compensation). */
export const OPUS_PRE_SKIP = 312
const APPLICATION_AUDIO = 2049
const VENDOR = 'libopus 1.4 (opusscript)'

export class OpusOggEncoder implements AudioEncoder {
  readonly format: OutputFormat
  private opus: OpusScriptInstance | null
  private readonly serial: number
  private sequence = 0
  private headersSent = false
  private pending = new Int16Array(0)
  private inputSamples = 0
  private packetsOut = 0
  private page: Uint8Array[] = []
  private pageSegments = 0

  constructor(format: OutputFormat, serial = randomSerial()) {
    if (format.sampleRate !== OPUS_RATE) throw new Error(`Opus encodes at 48 kHz, not ${format.sampleRate}`)
    this.format = format
    this.serial = serial
    this.opus = new OpusScript(OPUS_RATE, 1, APPLICATION_AUDIO)
    this.opus.setBitrate(format.bitrateKbps * 1000)
  }

  encode(samples: Float32Array): Uint8Array {
    const out = this.headers()
    const input = floatToInt16(samples)
    this.inputSamples += input.length
    const all = new Int16Array(this.pending.length + input.length)
    all.set(this.pending)
    all.set(input, this.pending.length)
    const whole = all.length - (all.length % OPUS_FRAME_SAMPLES)
    for (let at = 0; at < whole; at += OPUS_FRAME_SAMPLES) {
      this.addPacket(all.subarray(at, at + OPUS_FRAME_SAMPLES), out)
    }
    this.pending = all.slice(whole)
    this.flushPage(out, 0, null)
    return concatBytes(out)
  }

  end(): Uint8Array {
    const out = this.headers()
    // The decoder drops the pre-skip at the start, so the stream needs that many samples more
    // than the input; the last page's granule position cuts the padding off at the end.
    const needed = OPUS_PRE_SKIP + this.inputSamples
    let rest = this.pending
    this.pending = new Int16Array(0)
    do {
      const frame = new Int16Array(OPUS_FRAME_SAMPLES)
      frame.set(rest.subarray(0, OPUS_FRAME_SAMPLES))
      rest = rest.subarray(Math.min(rest.length, OPUS_FRAME_SAMPLES))
      this.addPacket(frame, out)
    } while (this.packetsOut * OPUS_FRAME_SAMPLES < needed)
    this.flushPage(out, OGG_FLAG_EOS, BigInt(needed))
    this.close()
    return concatBytes(out)
  }

  /** Frees libopus's memory (the wasm heap is shared by every encoder in the thread). */
  close(): void {
    this.opus?.delete()
    this.opus = null
  }

  private headers(): Uint8Array[] {
    if (this.headersSent) return []
    this.headersSent = true
    return [
      this.writePage({ flags: OGG_FLAG_BOS, granule: 0n, packets: [opusHead()] }),
      this.writePage({ flags: 0, granule: 0n, packets: [opusTags()] }),
    ]
  }

  private addPacket(frame: Int16Array, out: Uint8Array[]): void {
    if (!this.opus) throw new Error('Opus encoder already closed')
    const packet = new Uint8Array(this.opus.encode(frame, OPUS_FRAME_SAMPLES))
    const segments = lacingCount(packet.length)
    if (this.pageSegments + segments > OGG_MAX_SEGMENTS) this.flushPage(out, 0, null)
    this.page.push(packet)
    this.pageSegments += segments
    this.packetsOut++
  }

  private flushPage(out: Uint8Array[], flags: number, granule: bigint | null): void {
    if (this.page.length === 0 && flags === 0) return
    out.push(
      this.writePage({
        flags,
        granule: granule ?? BigInt(this.packetsOut * OPUS_FRAME_SAMPLES),
        packets: this.page,
      }),
    )
    this.page = []
    this.pageSegments = 0
  }

  private writePage(page: Omit<OggPage, 'serial' | 'sequence'>): Uint8Array {
    return writeOggPage({ ...page, serial: this.serial, sequence: this.sequence++ })
  }
}

function opusHead(): Uint8Array {
  const head = new Uint8Array(19)
  const view = new DataView(head.buffer)
  head.set(ascii('OpusHead'), 0)
  head[8] = 1 // version
  head[9] = 1 // mono
  view.setUint16(10, OPUS_PRE_SKIP, true)
  view.setUint32(12, OPUS_RATE, true) // the input's rate, informational
  view.setInt16(16, 0, true) // output gain
  head[18] = 0 // channel mapping family 0: mono or stereo, no table
  return head
}

function opusTags(): Uint8Array {
  const vendor = ascii(VENDOR)
  const tags = new Uint8Array(8 + 4 + vendor.length + 4)
  const view = new DataView(tags.buffer)
  tags.set(ascii('OpusTags'), 0)
  view.setUint32(8, vendor.length, true)
  tags.set(vendor, 12)
  view.setUint32(12 + vendor.length, 0, true) // no user comments
  return tags
}

function ascii(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0))
}

function randomSerial(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!
}
