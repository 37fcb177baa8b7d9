// A speech-to-speech conversion as a worker thread holds it between tasks: opened with the
// whole recording (denoised if asked, measured, resampled to the work rate), then asked for
// one block of converted audio at a time, at the output rate, so the caller can send each
// block as soon as it exists and the event loop never runs the signal processing.
import { resample } from '../dsp/resample.js'
import { createIsolator, levelDb } from '../isolation/isolate.js'
import { createStreamResampler, type StreamResampler } from '../isolation/stream-resampler.js'
import {
  type ConversionReport,
  openVoiceConversion,
  type VoiceConversion,
  type VoiceProfile,
} from './convert-voice.js'

export interface ConversionRequest {
  samples: Float32Array
  inputRate: number
  /** The rate the conversion runs at. */
  workRate: number
  outputRate: number
  target: VoiceProfile
  /** Run the recording through the noise remover first. */
  denoise: boolean
  /** Below this level (dBFS) the recording counts as silent: nothing is converted. */
  silenceDb: number
  blockSeconds: number
}

export interface ConversionOpened {
  seconds: number
  levelDb: number
  /** Seconds with a measured pitch; 0 for a silent recording. */
  voicedSeconds: number
  /** Blocks `next` will return; 0 when the recording is silent (the session is then closed). */
  blocks: number
  report: ConversionReport | null
}

export interface ConversionSession {
  readonly opened: ConversionOpened
  /** The next converted block at the output rate; null once everything is out. */
  next(): Promise<Float32Array | null>
  close(): void
}

async function denoise(samples: Float32Array, rate: number): Promise<Float32Array> {
  const isolator = await createIsolator(rate)
  try {
    const head = isolator.push(samples)
    const tail = isolator.end()
    const out = new Float32Array(head.length + tail.length)
    out.set(head)
    out.set(tail, head.length)
    return out.subarray(0, samples.length)
  } finally {
    isolator.close()
  }
}

function join(a: Float32Array, b: Float32Array): Float32Array {
  if (b.length === 0) return a
  const out = new Float32Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

export async function openConversionSession(request: ConversionRequest): Promise<ConversionSession> {
  let samples = request.samples
  if (request.denoise) samples = await denoise(samples, request.inputRate)
  const seconds = samples.length / request.inputRate
  const level = levelDb(samples)
  if (level < request.silenceDb) {
    const opened = { seconds, levelDb: level, voicedSeconds: 0, blocks: 0, report: null }
    return { opened, next: async () => null, close: () => undefined }
  }
  const work = await resample(samples, request.inputRate, request.workRate)
  const block = Math.round(request.blockSeconds * request.workRate)
  let conversion: VoiceConversion | null = await openVoiceConversion(
    work,
    request.workRate,
    request.target,
    block,
  )
  let output: StreamResampler | null = await createStreamResampler(request.workRate, request.outputRate)
  const opened: ConversionOpened = {
    seconds,
    levelDb: level,
    voicedSeconds: conversion.source.voicedSeconds,
    blocks: Math.ceil(work.length / block),
    report: conversion.report,
  }
  const close = () => {
    conversion?.close()
    output?.close()
    conversion = null
    output = null
  }
  return {
    opened,
    async next() {
      if (!conversion || !output) return null
      const converted = await conversion.next()
      if (!converted) {
        close()
        return null
      }
      let out = output.push(converted)
      // The last block carries the resampler's tail, so the output is exactly as long as the input.
      if (conversion.produced >= conversion.length) {
        out = join(out, output.end())
        close()
      }
      return out
    },
    close,
  }
}
