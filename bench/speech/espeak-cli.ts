// The Debian `espeak-ng` command-line tool as the baseline for the in-process engines.
import { spawn, spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

export function ensureEspeakCli(): boolean {
  if (spawnSync('sh', ['-c', 'command -v espeak-ng']).status === 0) return true
  console.log('espeak-ng is missing; installing it with apt-get (Debian package espeak-ng)...')
  const install = spawnSync(
    'sh',
    ['-c', 'apt-get install -y -qq espeak-ng || (apt-get update -qq && apt-get install -y -qq espeak-ng)'],
    {
      stdio: 'inherit',
    },
  )
  return install.status === 0
}

export interface CliRun {
  wallMs: number
  firstByteMs: number
  audioSeconds: number
  peakRssKb: number
}

/** Runs `espeak-ng --stdout` on a text; times the first output byte and the whole run. */
export function runEspeakCli(voice: string, text: string): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn('espeak-ng', ['-v', voice, '--stdout', text])
    let firstByteMs = -1
    let bytes = 0
    let peakRssKb = 0
    const poll = setInterval(() => {
      try {
        const status = readFileSync(`/proc/${child.pid}/status`, 'utf8')
        const match = /VmHWM:\s+(\d+)/.exec(status)
        if (match) peakRssKb = Math.max(peakRssKb, Number(match[1]))
      } catch {}
    }, 5)
    child.stdout.on('data', (data: Buffer) => {
      if (firstByteMs < 0) firstByteMs = performance.now() - started
      bytes += data.length
    })
    child.on('error', reject)
    child.on('close', () => {
      clearInterval(poll)
      // 16-bit mono at 22,050 Hz after a 44-byte header.
      resolve({
        wallMs: performance.now() - started,
        firstByteMs,
        audioSeconds: (bytes - 44) / 2 / 22050,
        peakRssKb,
      })
    })
  })
}
