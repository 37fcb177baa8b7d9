// Encoder cost: milliseconds of CPU per second of audio for each costly codec, beside PCM
// (a plain float-to-16-bit copy) as the baseline of the same run, and beside lamejs (the
// pure-JavaScript MP3 encoder used before LAME in WebAssembly). Each figure encodes 20 s of a
// voiced test signal in the slices the pipeline uses (3 s).
import { Mp3Encoder } from '@breezystack/lamejs'
import { createEncoder } from '@timbre/speech'

const SECONDS = 20
const SLICE_SECONDS = 3
const ROUNDS = 3

function signal(rate: number): Float32Array {
  const out = new Float32Array(SECONDS * rate)
  let noise = 1
  for (let i = 0; i < out.length; i++) {
    noise = (noise * 16807) % 2147483647
    const f = 140 + 40 * Math.sin(i / rate)
    out[i] =
      0.35 * Math.sin((2 * Math.PI * f * i) / rate) * (1 + 0.5 * Math.sin(i / 700)) +
      0.03 * (noise / 2147483647 - 0.5)
  }
  return out
}

function best(run: () => void): number {
  let fastest = Number.POSITIVE_INFINITY
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now()
    run()
    fastest = Math.min(fastest, performance.now() - started)
  }
  return fastest / SECONDS
}

function ours(format: string, rate: number): number {
  const input = signal(rate)
  const slice = SLICE_SECONDS * rate
  return best(() => {
    const encoder = createEncoder(format)
    for (let at = 0; at < input.length; at += slice) encoder.encode(input.subarray(at, at + slice))
    encoder.end()
  })
}

function lamejs(rate: number, kbps: number): number {
  const input = signal(rate)
  const pcm = new Int16Array(input.length)
  for (let i = 0; i < input.length; i++) pcm[i] = Math.round(input[i]! * 32767)
  return best(() => {
    const encoder = new Mp3Encoder(1, rate, kbps)
    for (let at = 0; at < pcm.length; at += 1152) encoder.encodeBuffer(pcm.subarray(at, at + 1152))
    encoder.flush()
  })
}

export async function bench(): Promise<void> {
  const rows: [string, number][] = [
    ['pcm_44100 (baseline: float to 16-bit)', ours('pcm_44100', 44100)],
    ['mp3_44100_128, lamejs (JavaScript)', lamejs(44100, 128)],
    ['mp3_44100_128, LAME (WebAssembly)', ours('mp3_44100_128', 44100)],
    ['mp3_44100_32, LAME (WebAssembly)', ours('mp3_44100_32', 44100)],
    ['mp3_22050_32, LAME (WebAssembly)', ours('mp3_22050_32', 22050)],
  ]
  for (const kbps of [32, 64, 128, 192])
    rows.push([`opus_48000_${kbps}, libopus (WebAssembly)`, ours(`opus_48000_${kbps}`, 48000)])
  console.table(
    rows.map(([encoder, ms]) => ({
      encoder,
      'ms per s of audio': Number(ms.toFixed(2)),
      '% of real time': Number((ms / 10).toFixed(2)),
    })),
  )
}
