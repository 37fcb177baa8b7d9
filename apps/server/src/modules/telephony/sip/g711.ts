// G.711 at 8 kHz: the agent speaks and hears μ-law; a trunk that chose A-law gets its audio
// turned over sample by sample through the linear value both laws encode.

function ulawToLinear(byte: number): number {
  const u = ~byte & 0xff
  const magnitude = ((((u & 0x0f) << 3) + 0x84) << ((u & 0x70) >> 4)) - 0x84
  return u & 0x80 ? -magnitude : magnitude
}

function alawToLinear(byte: number): number {
  const a = byte ^ 0x55
  const exponent = (a & 0x70) >> 4
  let magnitude = (a & 0x0f) << 4
  magnitude = exponent === 0 ? magnitude + 8 : (magnitude + 0x108) << (exponent - 1)
  return a & 0x80 ? magnitude : -magnitude
}

function linearToUlaw(sample: number): number {
  const BIAS = 0x84
  const sign = sample < 0 ? 0x80 : 0
  const magnitude = Math.min(Math.abs(sample), 32635) + BIAS
  let exponent = 7
  for (let mask = 0x4000; (magnitude & mask) === 0 && exponent > 0; mask >>= 1) exponent--
  const mantissa = (magnitude >> (exponent + 3)) & 0x0f
  return ~(sign | (exponent << 4) | mantissa) & 0xff
}

function linearToAlaw(sample: number): number {
  const sign = sample >= 0 ? 0x80 : 0
  const magnitude = Math.min(Math.abs(sample), 32767)
  let exponent = 7
  for (let mask = 0x4000; (magnitude & mask) === 0 && exponent > 0; mask >>= 1) exponent--
  const mantissa = exponent === 0 ? (magnitude >> 4) & 0x0f : (magnitude >> (exponent + 3)) & 0x0f
  return (sign | (exponent << 4) | mantissa) ^ 0x55
}

const table = (convert: (byte: number) => number) => Uint8Array.from({ length: 256 }, (_, b) => convert(b))
const ULAW_TO_ALAW = table((b) => linearToAlaw(ulawToLinear(b)))
const ALAW_TO_ULAW = table((b) => linearToUlaw(alawToLinear(b)))

export const ulawToAlaw = (audio: Buffer): Buffer => Buffer.from(audio.map((b) => ULAW_TO_ALAW[b]!))
export const alawToUlaw = (audio: Buffer): Buffer => Buffer.from(audio.map((b) => ALAW_TO_ULAW[b]!))
