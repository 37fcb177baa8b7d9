import type { DrumVoice } from './gm.js'

// One bar of each groove, a character per sixteenth note ('x' hit, 'o' accent, '-' rest).
// Bars in three have twelve steps. The composer thins a groove in quiet sections and adds
// fills before a section changes.

export type DrumPatternId =
  | 'rock'
  | 'pop'
  | 'four'
  | 'disco'
  | 'hiphop'
  | 'trap'
  | 'jazz'
  | 'bossa'
  | 'reggae'
  | 'funk'
  | 'ballad'
  | 'latin'
  | 'metal'
  | 'punk'
  | 'march'
  | 'waltz'
  | 'dnb'
  | 'afro'
  | 'shuffle'
  | 'lofi'

export type DrumPattern = Partial<Record<DrumVoice, string>>

export const DRUM_PATTERNS: Record<DrumPatternId, DrumPattern> = {
  rock: { kick: 'o-----x-o-x-----', snare: '----o-------o---', closedHat: 'x-x-x-x-x-x-x-x-' },
  pop: {
    kick: 'o-----x---x-----',
    snare: '----o-------o---',
    closedHat: 'x-xxx-x-x-xxx-x-',
    tambourine: '----x-------x---',
  },
  four: {
    kick: 'o---o---o---o---',
    clap: '----x-------x---',
    closedHat: 'x-x-x-x-x-x-x-x-',
    openHat: '--x---x---x---x-',
  },
  disco: {
    kick: 'o---o---o---o---',
    snare: '----o-------o---',
    openHat: '--x---x---x---x-',
    closedHat: 'x---x---x---x---',
  },
  hiphop: { kick: 'o------x--x-----', snare: '----o-------o---', closedHat: 'x-x-x-x-x-x-x-x-' },
  trap: { kick: 'o-----x---x---x-', clap: '--------o-------', closedHat: 'xxxxxxxxxxxxxxxx' },
  jazz: { ride: 'o---x-xo---x-x-x', pedalHat: '----x-------x---', kick: 'x---------------' },
  bossa: { kick: 'x--xx--xx--xx--x', sideStick: 'x--x--x---x--x--', closedHat: 'x-x-x-x-x-x-x-x-' },
  reggae: { kick: '--------o-------', sideStick: '--------x-------', closedHat: 'x-x-x-x-x-x-x-x-' },
  funk: { kick: 'o--x--x---x-----', snare: '----o--x-x--o--x', closedHat: 'xxxxxxxxxxxxxxxx' },
  ballad: { kick: 'o---------x-----', sideStick: '----x-------x---', closedHat: 'x---x---x---x---' },
  latin: {
    cowbell: 'x-x-x-x-x-x-x-x-',
    claves: 'x--x--x---x-x---',
    highConga: '--x-x--x--x-x--x',
    kick: 'x-----x-x-----x-',
  },
  metal: { kick: 'xxxxxxxxxxxxxxxx', snare: '----o-------o---', crash: 'x-------x-------' },
  punk: { kick: 'o-x-o-x-o-x-o-x-', snare: '----o-------o---', closedHat: 'xxxxxxxxxxxxxxxx' },
  march: { kick: 'o-------o-------', snare: 'x-xxx-x-x-xxx-x-', crash: 'x---------------' },
  waltz: { kick: 'o-----------', snare: '----x---x---', closedHat: 'x-x-x-x-x-x-' },
  dnb: {
    kick: 'o---------x-----',
    snare: '----o-------o---',
    closedHat: 'x-x-x-x-x-x-x-x-',
    shaker: 'xxxxxxxxxxxxxxxx',
  },
  afro: {
    kick: 'o--x---x-o--x---',
    sideStick: '---x--x----x--x-',
    shaker: 'x-xxx-xxx-xxx-xx',
    lowConga: 'x-----x---x-----',
  },
  shuffle: { kick: 'o-----x-o-------', snare: '----o-------o---', ride: 'x--xx--xx--xx--x' },
  lofi: { kick: 'o------x-o------', snare: '----o-------o---', closedHat: 'x-x-x-xxx-x-x-x-' },
}

/** A fill over the last beat before a new section: snare and toms walking down. */
export const FILL: DrumPattern = {
  snare: '------------x-x-',
  highTom: '------------x---',
  midTom: '-------------x--',
  lowTom: '--------------xx',
}
