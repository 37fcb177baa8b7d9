import { MUSIC_STEMS, type MusicStem } from '@timbre/contract'
import { type BasicSoundBank, SpessaSynthProcessor } from 'spessasynth_core'
import { DRUM_CHANNEL } from './gm.js'
import type { Score } from './score.js'

const BLOCK = 128
/** Output gain and the level above which peaks are rounded off instead of clipped. */
const GAIN = 1.6
const KNEE = 0.8

interface TimedEvent {
  sample: number
  /** Note-offs sort before note-ons at the same sample, so a repeated key sounds again. */
  order: 0 | 1
  channel: number
  note: number
  velocity: number
}

function schedule(score: Score, sampleRate: number): TimedEvent[] {
  const events: TimedEvent[] = []
  const at = (ms: number) => Math.round((ms * sampleRate) / 1000)
  for (const n of score.notes) {
    events.push({ sample: at(n.startMs), order: 1, channel: n.channel, note: n.note, velocity: n.velocity })
    events.push({ sample: at(n.endMs), order: 0, channel: n.channel, note: n.note, velocity: 0 })
  }
  return events.sort((a, b) => a.sample - b.sample || a.order - b.order)
}

function softClip(x: number): number {
  const a = Math.abs(x)
  if (a <= KNEE) return x
  const over = (a - KNEE) / (1 - KNEE)
  return Math.sign(x) * (KNEE + (1 - KNEE) * Math.tanh(over))
}

export interface RenderedSong {
  samples: Float32Array
  stems: Record<MusicStem, Float32Array> | null
}

/**
 * Renders a score with a SoundFont: exactly `totalMs` of mono audio, events placed to the
 * sample, the tail after the final chord faded to silence. `onChunk` receives the mix as it
 * is made, for streaming. Stems are the dry parts (the reverb lives only in the mix).
 */
export async function renderScore(input: {
  score: Score
  bank: BasicSoundBank
  sampleRate: number
  stems: boolean
  /** The sung part, already at `sampleRate` and the score's length, mixed in as its stem. */
  vocals?: Float32Array | null
  chunkSamples?: number
  onChunk?: (samples: Float32Array) => void
}): Promise<RenderedSong> {
  const { score, sampleRate } = input
  const synth = new SpessaSynthProcessor(sampleRate, { maxBufferSize: BLOCK, effectsEnabled: true })
  synth.soundBankManager.addSoundBank(input.bank, 'main')
  await synth.processorInitialized
  for (const c of score.channels) {
    if (c.channel !== DRUM_CHANNEL) synth.programChange(c.channel, c.program)
    synth.controllerChange(c.channel, 7, c.volume)
    synth.controllerChange(c.channel, 10, c.pan)
    synth.controllerChange(c.channel, 91, c.reverb)
  }
  const total = Math.round((score.totalMs * sampleRate) / 1000)
  const mix = new Float32Array(total)
  const stems = input.stems
    ? (Object.fromEntries(MUSIC_STEMS.map((s) => [s, new Float32Array(total)])) as Record<
        MusicStem,
        Float32Array
      >)
    : null
  const outputs = Array.from({ length: 16 }, () => [new Float32Array(BLOCK), new Float32Array(BLOCK)])
  const effectsL = new Float32Array(BLOCK)
  const effectsR = new Float32Array(BLOCK)
  // Only the channels the score uses are read back.
  const used = score.channels.map((c) => {
    const pair = outputs[c.channel] as Float32Array[]
    return {
      left: pair[0] as Float32Array,
      right: pair[1] as Float32Array,
      stem: stems ? stems[c.stem] : null,
    }
  })
  const events = schedule(score, sampleRate)
  const vocals = input.vocals ?? null
  if (stems && vocals) for (let i = 0; i < total; i++) stems.vocals[i] = (vocals[i] ?? 0) * GAIN
  const fadeStart = Math.round((Math.max(score.endingMs, score.totalMs - 2500) * sampleRate) / 1000)
  const fadeLength = Math.max(1, total - fadeStart)
  const chunk = input.chunkSamples ?? Math.round(sampleRate / 4)
  let next = 0
  let sent = 0
  let position = 0
  while (position < total) {
    while (next < events.length && (events[next] as TimedEvent).sample <= position) {
      const e = events[next++] as TimedEvent
      if (e.order === 1) synth.noteOn(e.channel, e.note, e.velocity)
      else synth.noteOff(e.channel, e.note)
    }
    // A block ends at the next event, so every note starts on its exact sample.
    const until = Math.min(total, position + BLOCK, events[next]?.sample ?? total)
    const length = Math.max(1, until - position)
    for (const part of used) {
      part.left.fill(0, 0, length)
      part.right.fill(0, 0, length)
    }
    effectsL.fill(0, 0, length)
    effectsR.fill(0, 0, length)
    synth.processSplit(outputs, effectsL, effectsR, 0, length)
    for (let i = 0; i < length; i++) {
      const index = position + i
      let sum =
        ((effectsL[i] as number) + (effectsR[i] as number)) * 0.5 + (vocals ? (vocals[index] ?? 0) : 0)
      for (const part of used) {
        const value = ((part.left[i] as number) + (part.right[i] as number)) * 0.5
        sum += value
        if (part.stem) part.stem[index] = (part.stem[index] as number) + value * GAIN
      }
      const fade = index >= fadeStart ? Math.max(0, 1 - (index - fadeStart) / fadeLength) : 1
      mix[index] = softClip(sum * GAIN * fade * fade)
    }
    position += length
    if (input.onChunk && (position - sent >= chunk || position >= total)) {
      input.onChunk(mix.slice(sent, position))
      sent = position
    }
  }
  if (stems)
    for (const stem of Object.values(stems))
      for (let i = 0; i < total; i++) stem[i] = softClip(stem[i] as number)
  // Not destroySynthProcessor(): it would also free the shared, cached bank.
  synth.stopAllChannels(true)
  return { samples: mix, stems }
}
