/// <reference path="../shims/emscripten-modules.d.ts" />
/// <reference path="../shims/kuromoji.d.ts" />
// Lazy, once-per-thread loading of the DSP wasm modules. Each worker thread has its own
// instances (the modules keep state in their own memory).
import initFvad, { type FvadModule } from '@echogarden/fvad-wasm'
import initRnnoise, { type RnnoiseModule } from '@echogarden/rnnoise-wasm'
import initRubberBand, { type RubberBandModule } from '@echogarden/rubberband-wasm'
import initSpeex, { type SpeexResamplerModule } from '@echogarden/speex-resampler-wasm'

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
