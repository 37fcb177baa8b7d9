import { existsSync, readFileSync } from 'node:fs'
import { type BasicSoundBank, SoundBankLoader } from 'spessasynth_core'

/** Fluid R3 GM (MIT), from the Debian package fluid-soundfont-gm. */
export const DEFAULT_SOUND_BANK = '/usr/share/sounds/sf2/FluidR3_GM.sf2'

/** The General MIDI bank in use: TIMBRE_SOUND_BANK, else the Debian one; null when neither exists. */
export function soundBankPath(): string | null {
  const configured = process.env.TIMBRE_SOUND_BANK
  if (configured) return existsSync(configured) ? configured : null
  return existsSync(DEFAULT_SOUND_BANK) ? DEFAULT_SOUND_BANK : null
}

let loaded: { path: string; bank: BasicSoundBank } | undefined

/** Parses the bank once per thread (about a third of a second for Fluid R3). */
export function loadSoundBank(path: string): BasicSoundBank {
  if (loaded?.path === path) return loaded.bank
  const bytes = readFileSync(path)
  const bank = SoundBankLoader.fromArrayBuffer(
    bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
  )
  loaded = { path, bank }
  return bank
}
