// G.711 µ-law and A-law (ITU-T G.711), 8-bit companded telephony samples.

const MULAW_BIAS = 0x84
const MULAW_CLIP = 32635

export function linearToMulaw(sample: number): number {
  let s = sample
  const sign = s < 0 ? 0x80 : 0
  if (s < 0) s = -s
  if (s > MULAW_CLIP) s = MULAW_CLIP
  s += MULAW_BIAS
  let exponent = 7
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--
  const mantissa = (s >> (exponent + 3)) & 0x0f
  return ~(sign | (exponent << 4) | mantissa) & 0xff
}

export function mulawToLinear(byte: number): number {
  const u = ~byte & 0xff
  const sign = u & 0x80
  const exponent = (u >> 4) & 0x07
  const mantissa = u & 0x0f
  const magnitude = (((mantissa << 3) + MULAW_BIAS) << exponent) - MULAW_BIAS
  return sign ? -magnitude : magnitude
}

export function linearToAlaw(sample: number): number {
  let s = sample
  let sign = 0x80
  if (s < 0) {
    sign = 0
    s = -s - 1
  }
  if (s > 32767) s = 32767
  let encoded: number
  if (s < 256) {
    encoded = s >> 4
  } else {
    let exponent = 7
    for (let mask = 0x4000; (s & mask) === 0 && exponent > 1; mask >>= 1) exponent--
    encoded = (exponent << 4) | ((s >> (exponent + 3)) & 0x0f)
  }
  return (encoded | sign) ^ 0x55
}

export function alawToLinear(byte: number): number {
  const a = byte ^ 0x55
  const sign = a & 0x80
  const exponent = (a >> 4) & 0x07
  const mantissa = a & 0x0f
  let magnitude: number
  if (exponent === 0) magnitude = (mantissa << 4) + 8
  else magnitude = ((mantissa << 4) + 0x108) << (exponent - 1)
  return sign ? magnitude : -magnitude
}

export function encodeG711(samples: Int16Array, law: 'ulaw' | 'alaw'): Uint8Array {
  const out = new Uint8Array(samples.length)
  const encode = law === 'ulaw' ? linearToMulaw : linearToAlaw
  for (let i = 0; i < samples.length; i++) out[i] = encode(samples[i]!)
  return out
}

export function decodeG711(bytes: Uint8Array, law: 'ulaw' | 'alaw'): Int16Array {
  const out = new Int16Array(bytes.length)
  const decode = law === 'ulaw' ? mulawToLinear : alawToLinear
  for (let i = 0; i < bytes.length; i++) out[i] = decode(bytes[i]!)
  return out
}
