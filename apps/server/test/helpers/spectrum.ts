// Signal measurements for audio tests: PCM decoding, levels and a coarse spectrum.

export function pcm16ToFloat(bytes: Uint8Array): Float32Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const out = new Float32Array(Math.floor(bytes.byteLength / 2))
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true) / 32768
  return out
}

export function rmsDb(x: Float32Array): number {
  let s = 0
  for (let i = 0; i < x.length; i++) s += x[i]! * x[i]!
  return 10 * Math.log10(s / Math.max(1, x.length))
}

/** In-place radix-2 FFT (re, im of a power-of-two length). */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1
    for (; j & bit; bit >>= 1) j ^= bit
    j ^= bit
    if (i < j) {
      ;[re[i], re[j]] = [re[j]!, re[i]!]
      ;[im[i], im[j]] = [im[j]!, im[i]!]
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = (-2 * Math.PI) / len
    for (let i = 0; i < n; i += len) {
      for (let k = 0; k < len / 2; k++) {
        const wr = Math.cos(angle * k)
        const wi = Math.sin(angle * k)
        const ur = re[i + k]!
        const ui = im[i + k]!
        const vr = re[i + k + len / 2]! * wr - im[i + k + len / 2]! * wi
        const vi = re[i + k + len / 2]! * wi + im[i + k + len / 2]! * wr
        re[i + k] = ur + vr
        im[i + k] = ui + vi
        re[i + k + len / 2] = ur - vr
        im[i + k + len / 2] = ui - vi
      }
    }
  }
}

/**
 * The average power spectrum in `bands` log-spaced bands from 50 Hz to 16 kHz, in dB and
 * normalised to the loudest band: a fingerprint of what a sound is made of.
 */
export function bandSpectrum(x: Float32Array, sampleRate: number, bands = 24): number[] {
  const size = 2048
  const power = new Float64Array(size / 2)
  let frames = 0
  for (let at = 0; at + size <= x.length; at += size) {
    const re = new Float64Array(size)
    const im = new Float64Array(size)
    for (let i = 0; i < size; i++) re[i] = x[at + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / size))
    fft(re, im)
    for (let k = 0; k < size / 2; k++) power[k] = power[k]! + re[k]! ** 2 + im[k]! ** 2
    frames++
  }
  const edges = Array.from({ length: bands + 1 }, (_, b) => 50 * (16000 / 50) ** (b / bands))
  const out = edges.slice(0, -1).map((lo, b) => {
    let sum = 1e-12
    for (let k = 0; k < size / 2; k++) {
      const f = (k * sampleRate) / size
      if (f >= lo && f < edges[b + 1]!) sum += power[k]! / Math.max(1, frames)
    }
    return 10 * Math.log10(sum)
  })
  const top = Math.max(...out)
  return out.map((v) => v - top)
}

/** Mean absolute difference between two band spectra, in dB. */
export function spectrumDistance(a: number[], b: number[]): number {
  return a.reduce((n, v, i) => n + Math.abs(v - b[i]!), 0) / a.length
}
