// A radix-2 FFT and the averaged power spectrum of a stretch of audio.

export function fft(re: Float64Array, im: Float64Array): void {
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
  for (let size = 2; size <= n; size <<= 1) {
    const angle = (-2 * Math.PI) / size
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k++) {
        const wr = Math.cos(angle * k)
        const wi = Math.sin(angle * k)
        const a = start + k
        const b = a + size / 2
        const tr = re[b]! * wr - im[b]! * wi
        const ti = re[b]! * wi + im[b]! * wr
        re[b] = re[a]! - tr
        im[b] = im[a]! - ti
        re[a] = re[a]! + tr
        im[a] = im[a]! + ti
      }
    }
  }
}

export const FFT_SIZE = 2048

/** Mean of the squared Hann window: the share of a steady sound's power one frame keeps. */
export const HANN_POWER = 0.375

/**
 * Mean power per bin (Hann windows, half overlap) over `x`. A sound shorter than a window is
 * placed unwindowed in the middle of one (a window would all but erase a click at its edge).
 */
export function powerSpectrum(x: Float32Array): Float64Array {
  const n = FFT_SIZE
  if (x.length < n) {
    const re = new Float64Array(n)
    const im = new Float64Array(n)
    re.set(x, (n - x.length) >> 1)
    fft(re, im)
    return Float64Array.from({ length: n / 2 }, (_, k) => re[k]! * re[k]! + im[k]! * im[k]!)
  }
  const power = new Float64Array(n / 2)
  const hop = n / 2
  let frames = 0
  for (let start = 0; start === 0 || start + n <= x.length; start += hop) {
    const re = new Float64Array(n)
    const im = new Float64Array(n)
    for (let i = 0; i < n && start + i < x.length; i++)
      re[i] = x[start + i]! * (0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (n - 1)))
    fft(re, im)
    for (let k = 0; k < n / 2; k++) power[k] = power[k]! + re[k]! * re[k]! + im[k]! * im[k]!
    frames++
  }
  for (let k = 0; k < n / 2; k++) power[k] = power[k]! / frames
  return power
}
