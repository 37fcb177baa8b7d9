// The @echogarden wasm packages ship no types. These describe only what we call.

interface EmscriptenHeaps {
  HEAP8: Int8Array
  HEAPU8: Uint8Array
  HEAP16: Int16Array
  HEAP32: Int32Array
  HEAPU32: Uint32Array
  HEAPF32: Float32Array
  _malloc(size: number): number
  _free(ptr: number): void
}

declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakEvent {
    type:
      | 'list_terminated'
      | 'word'
      | 'sentence'
      | 'mark'
      | 'play'
      | 'end'
      | 'msg_terminated'
      | 'phoneme'
      | 'samplerate'
    /** 1-based character position in the input text. */
    text_position: number
    word_length: number
    /** Milliseconds from the start of this synthesis call. */
    audio_position: number
    id?: string | number
  }
  export interface EspeakVoiceInfo {
    name: string
    identifier: string
    languages: { priority: number; name: string }[]
  }
  export interface EspeakWorker {
    set_voice(name: string, language?: string, gender?: number, age?: number, variant?: number): number
    set_rate(wpm: number): void
    set_pitch(pitch: number): void
    set_range(range: number): void
    set_volume(volume: number): void
    get_samplerate(): number
    list_voices(): EspeakVoiceInfo[]
    /** The callback returns true to abort synthesis. */
    synthesize(text: string, callback: (samples: Int16Array, events: EspeakEvent[]) => boolean | number): void
  }
  export interface EspeakModule extends EmscriptenHeaps {
    eSpeakNGWorker: new () => EspeakWorker
  }
  const init: (options?: object) => Promise<EspeakModule>
  export default init
}

declare module '@echogarden/rubberband-wasm' {
  export interface RubberBandModule extends EmscriptenHeaps {
    _rubberband_new(
      sampleRate: number,
      channels: number,
      options: number,
      timeRatio: number,
      pitchScale: number,
    ): number
    _rubberband_delete(state: number): void
    _rubberband_set_formant_scale(state: number, scale: number): void
    _rubberband_set_expected_input_duration(state: number, samples: number): void
    _rubberband_set_max_process_size(state: number, samples: number): void
    _rubberband_study(state: number, input: number, samples: number, final: number): void
    _rubberband_process(state: number, input: number, samples: number, final: number): void
    _rubberband_available(state: number): number
    _rubberband_retrieve(state: number, output: number, samples: number): number
    _rubberband_get_engine_version(state: number): number
    _rubberband_set_pitch_scale(state: number, scale: number): void
    _rubberband_get_preferred_start_pad(state: number): number
    _rubberband_get_start_delay(state: number): number
    _rubberband_get_samples_required(state: number): number
  }
  const init: (options?: object) => Promise<RubberBandModule>
  export default init
}

declare module '@echogarden/speex-resampler-wasm' {
  export interface SpeexResamplerModule extends EmscriptenHeaps {
    _speex_resampler_init(
      channels: number,
      inRate: number,
      outRate: number,
      quality: number,
      errPtr: number,
    ): number
    _speex_resampler_destroy(state: number): void
    _speex_resampler_process_float(
      state: number,
      channel: number,
      input: number,
      inLenPtr: number,
      output: number,
      outLenPtr: number,
    ): number
    _speex_resampler_get_input_latency(state: number): number
    _speex_resampler_skip_zeros(state: number): number
  }
  const init: (options?: object) => Promise<SpeexResamplerModule>
  export default init
}

/** The same resampler built with WebAssembly SIMD (Node 16.4+): the same functions, faster. */
declare module '@echogarden/speex-resampler-wasm/simd' {
  import type { SpeexResamplerModule } from '@echogarden/speex-resampler-wasm'

  export type { SpeexResamplerModule }

  const init: (options?: object) => Promise<SpeexResamplerModule>
  export default init
}

declare module '@echogarden/fvad-wasm' {
  export interface FvadModule extends EmscriptenHeaps {
    _fvad_new(): number
    _fvad_free(inst: number): void
    _fvad_set_mode(inst: number, mode: number): number
    _fvad_set_sample_rate(inst: number, rate: number): number
    _fvad_process(inst: number, frame: number, length: number): number
  }
  const init: (options?: object) => Promise<FvadModule>
  export default init
}

declare module '@echogarden/rnnoise-wasm' {
  export interface RnnoiseModule extends EmscriptenHeaps {
    _rnnoise_create(model: number): number
    _rnnoise_destroy(state: number): void
    _rnnoise_get_frame_size(): number
    _rnnoise_process_frame(state: number, out: number, input: number): number
  }
  const init: (options?: object) => Promise<RnnoiseModule>
  export default init
}
