#!/usr/bin/env node
// The first step of `npm test`: the system packages the tests run besides npm's own —
// Chromium for the end-to-end journeys, PocketSphinx and its US English model to check that
// synthesised speech is intelligible. With `--bench`, also the espeak-ng and Flite command-line
// tools the benchmarks use as their baselines. Missing ones are installed with apt-get when this
// process can (root, Debian or Ubuntu); otherwise one line says what to install, and the
// exit code is non-zero.
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const hasCommand = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0

const tools = [
  { pkg: 'chromium', present: () => hasCommand('chromium') || Boolean(process.env.CHROMIUM_PATH) },
  { pkg: 'pocketsphinx', present: () => hasCommand('pocketsphinx_continuous') },
  { pkg: 'pocketsphinx-en-us', present: () => existsSync('/usr/share/pocketsphinx/model/en-us') },
]
if (process.argv.includes('--bench')) {
  tools.push({ pkg: 'espeak-ng', present: () => hasCommand('espeak-ng') })
  tools.push({ pkg: 'flite', present: () => hasCommand('flite') })
}

const missing = tools.filter((t) => !t.present()).map((t) => t.pkg)
if (missing.length === 0) process.exit(0)

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
if (!isRoot || !hasCommand('apt-get')) {
  console.error(
    `Missing system packages for the tests: run \`sudo apt-get install -y ${missing.join(' ')}\` (Debian/Ubuntu), then npm test again.`,
  )
  process.exit(1)
}

console.log(`Installing system packages for the tests: ${missing.join(' ')}`)
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
try {
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
    stdio: 'inherit',
    env,
  })
} catch {
  console.error(`apt-get could not install ${missing.join(' ')}: install them by hand, then npm test again.`)
  process.exit(1)
}
const still = tools.filter((t) => !t.present()).map((t) => t.pkg)
if (still.length > 0) {
  console.error(`Still missing after apt-get: ${still.join(' ')}.`)
  process.exit(1)
}
