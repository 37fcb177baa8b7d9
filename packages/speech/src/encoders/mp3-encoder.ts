// MP3 with LAME compiled to WebAssembly (the wasm build of wasm-media-encoders 0.7.0, bound
// here synchronously: the package's own loader is async, and an encoder must open inside a
// synchronous call). LAME is told the output sample rate: left to itself it resamples 32 kbps
// to 22.05 kHz, and `mp3_44100_32` must be 44.1 kHz as its name says. One wasm instance per
// stream holds that stream's LAME state, so frames continue across calls.
import type { OutputFormat } from '../formats/output-formats.js'
import { sharedModule } from '../pool/shared-modules.js'
import type { AudioEncoder } from './audio-encoder.js'

interface LameExports {
  memory: WebAssembly.Memory
  _initialize(): void
  malloc(bytes: number): number
  free(pointer: number): void
  enc_init(params: number): number
  enc_get_pcm(ref: number, samples: number): number
  enc_encode(ref: number, samples: number): number
  enc_flush(ref: number): number
  enc_get_out_buf(ref: number): number
  enc_free(ref: number): void
}

function lameModule(): WebAssembly.Module {
  return sharedModule('lame')
}

function instantiate(): LameExports {
  const imports = {
    wasi_snapshot_preview1: {
      proc_exit: (code: number) => {
        throw new Error(`LAME exited with ${code}`)
      },
    },
    env: { emscripten_notify_memory_growth: () => {} },
  }
  const lame = new WebAssembly.Instance(lameModule(), imports).exports as unknown as LameExports
  lame._initialize()
  return lame
}

/**
 * LAME instances whose stream has ended, ready for the next stream of this thread: making one
 * (a 16 MB wasm memory, LAME's start-up) costs 3 ms on a quiet machine and tens of milliseconds
 * on a busy one, on the way to a stream's first byte, and a burst of streams makes them one
 * after another on this thread. A kept instance costs under 1 MB of resident memory (LAME
 * touches little of its wasm memory), so up to 8, the burst the API is measured at, are kept;
 * the rest are left to the garbage collector.
 */
const spares: LameExports[] = []
const SPARE_LIMIT = 8

/**
 * Tops the spares up ahead of the next streams, one instance per turn of the thread's event
 * loop so that a slice to encode never waits behind more than one of them.
 */
export function prepareSpareMp3Encoder(): void {
  if (spares.length >= SPARE_LIMIT) return
  spares.push(instantiate())
  if (spares.length < SPARE_LIMIT) setImmediate(prepareSpareMp3Encoder)
}

export class Mp3StreamEncoder implements AudioEncoder {
  readonly format: OutputFormat
  private lame: LameExports | null
  private readonly ref: number

  constructor(format: OutputFormat) {
    this.format = format
    const lame = spares.pop() ?? instantiate()
    // Parameters: channels, input rate, then MP3's: CBR bitrate, VBR quality (a float; -1 for
    // CBR) and the output rate.
    const params = lame.malloc(20)
    const ints = new Int32Array(lame.memory.buffer, params, 5)
    ints.set([1, format.sampleRate, format.bitrateKbps, 0, format.sampleRate])
    new Float32Array(lame.memory.buffer, params + 12, 1)[0] = -1
    const ref = lame.enc_init(params)
    lame.free(params)
    if (!ref) throw new Error(`LAME refused ${format.id}`)
    this.lame = lame
    this.ref = ref
  }

  encode(samples: Float32Array): Uint8Array {
    const lame = this.open()
    if (samples.length === 0) return new Uint8Array(0)
    const channels = lame.enc_get_pcm(this.ref, samples.length)
    if (!channels) throw new Error('LAME could not allocate its input buffer')
    const left = new Int32Array(lame.memory.buffer, channels, 1)[0]!
    new Float32Array(lame.memory.buffer, left, samples.length).set(samples)
    return this.output(lame, lame.enc_encode(this.ref, samples.length))
  }

  end(): Uint8Array {
    const lame = this.open()
    const tail = this.output(lame, lame.enc_flush(this.ref))
    this.close()
    return tail
  }

  close(): void {
    if (!this.lame) return
    this.lame.enc_free(this.ref)
    if (spares.length < SPARE_LIMIT) spares.push(this.lame)
    this.lame = null
  }

  private open(): LameExports {
    if (!this.lame) throw new Error('MP3 encoder already closed')
    return this.lame
  }

  private output(lame: LameExports, bytes: number): Uint8Array {
    if (bytes < 0) throw new Error(`LAME failed with ${bytes}`)
    // Copy out of the wasm heap: the next call reuses that buffer.
    return new Uint8Array(lame.memory.buffer, lame.enc_get_out_buf(this.ref), bytes).slice()
  }
}
