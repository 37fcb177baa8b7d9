#!/usr/bin/env node
// The first step of `npm test`: the system packages the tests run besides npm's own —
// Chromium for the end-to-end journeys, PocketSphinx and its US English model to check that
// synthesised speech is intelligible. With `--bench`, also the espeak-ng and Flite command-line
// tools the benchmarks use as their baselines. The Fluid R3 General MIDI SoundFont, which music
// renders with, is needed both by the server and by the tests. Missing ones are installed with apt-get when this
// process can (root, Debian or Ubuntu); otherwise one line says what to install, and the
// exit code is non-zero. With `--runtime` (the first step of `npm start`), only what the server
// itself needs: PocketSphinx and its US English model (speech to text) and Apertium with its
// English pairs (dubbing's translation); there a package that cannot be installed is a
// warning, and the server starts without speech to text or machine translation.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const hasCommand = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0

const runtime = process.argv.includes('--runtime')
const speechToText = [
  // The command line comes with the library the server loads (libpocketsphinx3).
  { pkg: 'pocketsphinx', present: () => hasCommand('pocketsphinx_continuous') },
  { pkg: 'pocketsphinx-en-us', present: () => existsSync('/usr/share/pocketsphinx/model/en-us') },
  // Unicode fonts the PDF export of transcripts embeds for text outside Windows-1252.
  { pkg: 'fonts-dejavu-core', present: () => existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf') },
  {
    pkg: 'fonts-droid-fallback',
    present: () => existsSync('/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf'),
  },
  // Dubbing's rule-based translation: Apertium and the English pairs Debian packages.
  { pkg: 'apertium', present: () => hasCommand('apertium') },
  ...['eng-spa', 'eng-cat', 'en-gl', 'eo-en', 'eu-en'].map((pair) => ({
    pkg: `apertium-${pair}`,
    present: () => existsSync(`/usr/share/apertium/apertium-${pair}`),
  })),
]
// The General MIDI SoundFont the music composer renders with (Fluid R3, MIT).
speechToText.push({
  pkg: 'fluid-soundfont-gm',
  present: () => existsSync('/usr/share/sounds/sf2/FluidR3_GM.sf2'),
})
const tools = runtime
  ? speechToText
  : [
      { pkg: 'chromium', present: () => hasCommand('chromium') || Boolean(process.env.CHROMIUM_PATH) },
      ...speechToText,
    ]
/** At start a missing package only disables speech to text; for the tests it is an error. */
const failCode = runtime ? 0 : 1
if (process.argv.includes('--bench')) {
  tools.push({ pkg: 'espeak-ng', present: () => hasCommand('espeak-ng') })
  tools.push({ pkg: 'flite', present: () => hasCommand('flite') })
}

const missing = tools.filter((t) => !t.present()).map((t) => t.pkg)
if (missing.length === 0) process.exit(0)

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
if (!isRoot || !hasCommand('apt-get')) {
  console.error(
    runtime
      ? `Speech to text needs system packages: run \`sudo apt-get install -y ${missing.join(' ')}\` (Debian/Ubuntu); the server starts without it.`
      : `Missing system packages for the tests: run \`sudo apt-get install -y ${missing.join(' ')}\` (Debian/Ubuntu), then npm test again.`,
  )
  process.exit(failCode)
}

console.log(`Installing system packages: ${missing.join(' ')}`)
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
try {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  })
} catch {
  console.error(`apt-get could not install ${missing.join(' ')}: install them by hand.`)
  process.exit(failCode)
}
const still = tools.filter((t) => !t.present()).map((t) => t.pkg)
if (still.length > 0) {
  console.error(`Still missing after apt-get: ${still.join(' ')}.`)
  process.exit(failCode)
}
