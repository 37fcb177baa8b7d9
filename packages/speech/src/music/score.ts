import type { MusicStem } from '@timbre/contract'
import type { SingingVoice } from './voices.js'

/** One note: MIDI channel and key, times in milliseconds from the song's start. */
export interface NoteEvent {
  channel: number
  note: number
  velocity: number
  startMs: number
  endMs: number
}

export interface ChannelSetup {
  channel: number
  program: number
  stem: MusicStem
  volume: number
  pan: number
  reverb: number
}

export interface ScoreSection {
  name: string
  startMs: number
  durationMs: number
  /** 0..1, how full the section is. */
  level: number
  drums: boolean
}

/** A whole song as notes, ready to be rendered. */
export interface Score {
  totalMs: number
  bpm: number
  beatsPerBar: number
  channels: ChannelSetup[]
  sections: ScoreSection[]
  notes: NoteEvent[]
  /** Where the final chord starts; the render fades out after it. */
  endingMs: number
  /** The sung part: its notes are on the vocals channel; null when nothing is sung. */
  vocal: VocalPart | null
}

/** Lines to sing, each section's on the vocals-channel notes between its start and end. */
export interface VocalPart {
  voice: SingingVoice
  /** eSpeak NG voice that pronounces the lines. */
  language: string
  phrases: VocalPhrase[]
}

export interface VocalPhrase {
  lines: string[]
  startMs: number
  endMs: number
}

/** The channel of each part (9 is the General MIDI drum channel). */
export const CHANNEL = { melody: 0, harmony: 1, bass: 2, extra: 3, vocals: 4, drums: 9 } as const
