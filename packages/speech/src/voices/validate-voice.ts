// Checks a voice definition that may come from a database (custom voices): plain data,
// known engine and parameters in range. Returns the voice or throws `invalid_voice`.
import { existsSync } from 'node:fs'
import { basename, isAbsolute } from 'node:path'
import { KNOWN_VARIANTS } from '../engines/espeak-engine.js'
import { SpeechError } from '../errors.js'
import type { VoiceDefinition } from '../types.js'
import { isEspeakLanguage, isEspeakVoiceId } from './languages.js'

const FLITE_VOICES = new Set(['slt', 'rms', 'awb', 'kal16'])

function fail(message: string): never {
  throw new SpeechError('invalid_voice', `Invalid voice definition: ${message}`, 'voice_id')
}

function inRange(value: unknown, min: number, max: number, name: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    fail(`${name} must be a number from ${min} to ${max}.`)
  }
}

export function validateVoice(voice: VoiceDefinition): VoiceDefinition {
  if (!voice || typeof voice !== 'object') fail('not an object.')
  if (typeof voice.voice_id !== 'string' || voice.voice_id.length === 0) fail('voice_id is missing.')
  if (typeof voice.language !== 'string' || !/^[a-z]{2}$/.test(voice.language))
    fail('language must be ISO 639-1.')
  const engine = voice.engine
  if (!engine || typeof engine !== 'object') fail('engine is missing.')
  if (engine.engine === 'espeak') {
    if (typeof engine.voice !== 'string' || !isEspeakVoiceId(engine.voice))
      fail(`unknown eSpeak voice '${String(engine.voice)}'.`)
    if (engine.variant !== undefined && !KNOWN_VARIANTS.has(engine.variant))
      fail(`unknown eSpeak variant '${engine.variant}'.`)
    inRange(engine.rate, 80, 450, 'engine.rate')
    inRange(engine.pitch, 0, 99, 'engine.pitch')
    inRange(engine.range, 0, 99, 'engine.range')
    if (!isEspeakLanguage(voice.language)) fail(`eSpeak NG does not speak '${voice.language}'.`)
  } else if (engine.engine === 'flite') {
    if (!FLITE_VOICES.has(engine.voice)) fail(`unknown Flite voice '${String(engine.voice)}'.`)
    inRange(engine.durationStretch, 0.5, 2, 'engine.durationStretch')
    if (engine.f0Mean !== undefined) inRange(engine.f0Mean, 50, 400, 'engine.f0Mean')
    if (engine.f0Stddev !== undefined) inRange(engine.f0Stddev, 0, 100, 'engine.f0Stddev')
    if (voice.language !== 'en') fail('Flite voices speak English only.')
  } else if (engine.engine === 'piper') {
    if (typeof engine.model !== 'string' || !isAbsolute(engine.model) || !engine.model.endsWith('.onnx'))
      fail('engine.model must be the absolute path of a .onnx file.')
    if (!Number.isInteger(engine.speaker) || engine.speaker < 0) fail('engine.speaker must be an index.')
    inRange(engine.lengthScale, 0.05, 10, 'engine.lengthScale')
    inRange(engine.noiseScale, 0, 2, 'engine.noiseScale')
    inRange(engine.noiseW, 0, 2, 'engine.noiseW')
    if (!existsSync(engine.model) || !existsSync(`${engine.model}.json`)) {
      throw new SpeechError(
        'invalid_voice',
        `The voice '${voice.name}' cannot speak: its model file ${basename(engine.model)} (or ${basename(engine.model)}.json) is no longer in the models directory.`,
        'voice_id',
      )
    }
  } else if (engine.engine === 'kokoro') {
    for (const key of ['model', 'config', 'voices'] as const) {
      if (typeof engine[key] !== 'string' || !isAbsolute(engine[key]))
        fail(`engine.${key} must be an absolute path.`)
    }
    if (typeof engine.voice !== 'string' || !/^[a-z][fm]_[\w-]+$/.test(engine.voice))
      fail('engine.voice must be a Kokoro voice name (af_heart).')
    inRange(engine.speed, 0.5, 2, 'engine.speed')
    const gone = [engine.model, engine.config, engine.voices].find((path) => !existsSync(path))
    if (gone) {
      throw new SpeechError(
        'invalid_voice',
        `The voice '${voice.name}' cannot speak: its file ${basename(gone)} is no longer in the models directory.`,
        'voice_id',
      )
    }
  } else {
    fail(`unknown engine '${String((engine as { engine?: unknown }).engine)}'.`)
  }
  const dsp = voice.dsp
  if (!dsp || typeof dsp !== 'object') fail('dsp is missing.')
  inRange(dsp.pitchSemitones, -12, 12, 'dsp.pitchSemitones')
  inRange(dsp.formantScale, 0.5, 2, 'dsp.formantScale')
  inRange(dsp.lowShelfDb, -24, 24, 'dsp.lowShelfDb')
  inRange(dsp.presenceDb, -24, 24, 'dsp.presenceDb')
  inRange(dsp.highShelfDb, -24, 24, 'dsp.highShelfDb')
  inRange(dsp.gainDb, -24, 24, 'dsp.gainDb')
  if (dsp.envelopeDb !== undefined) {
    if (!Array.isArray(dsp.envelopeDb) || dsp.envelopeDb.length > 5)
      fail('dsp.envelopeDb must be up to 5 gains.')
    for (const gain of dsp.envelopeDb) inRange(gain, -24, 24, 'dsp.envelopeDb')
  }
  return voice
}
