/// <reference path="../shims/emscripten-modules.d.ts" />
/// <reference path="../shims/kuromoji.d.ts" />
// Lazy, once-per-thread loading of the DSP wasm modules. Each worker thread has its own
// instances (the modules keep state in their own memory).
import initFvad, { type FvadModule } from '@echogarden/fvad-wasm'
import initRnnoise, { type RnnoiseModule } from '@echogarden/rnnoise-wasm'
import initRubberBand, { type RubberBandModule } from '@echogarden/rubberband-wasm'
import initSpeex, { type SpeexResamplerModule } from '@echogarden/speex-resampler-wasm/simd'

// The SIMD build of the Speex resampler: half the time from 16 kHz to 44.1 kHz and a fifth of
// it from 22.05 kHz (18.6 against 36.9 ms and 4.2 against 20.7 ms for 8 s of audio), where
// the resampler was a third of an eSpeak NG segment's render.
let speex: Promise<SpeexResamplerModule> | undefined
let rubberBand: Promise<RubberBandModule> | undefined
let fvad: Promise<FvadModule> | undefined

export function loadSpeex(): Promise<SpeexResamplerModule> {
  speex ??= initSpeex()
  return speex
}

export function loadRubberBand(): Promise<RubberBandModule> {
  rubberBand ??= initRubberBand()
  return rubberBand
}

export function loadFvad(): Promise<FvadModule> {
  fvad ??= initFvad()
  return fvad
}

let rnnoise: Promise<RnnoiseModule> | undefined

export function loadRnnoise(): Promise<RnnoiseModule> {
  rnnoise ??= initRnnoise()
  return rnnoise
}
