// Debian's native `flite` command line, a second baseline beside espeak-ng's: the English
// premade voices are Flite's own voices (slt, rms, awb, kal16), whose native build costs far
// more per second of audio than eSpeak NG's, so it shows how much of a gap is the engine itself.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export function hasFliteCli(): boolean {
  return spawnSync('sh', ['-c', 'command -v flite']).status === 0
}

/** Runs `flite -voice <voice>` on a text into a WAV file; the wall time and the file's size. */
export function runFliteCli(voice: string, text: string): Promise<{ wallMs: number; bytes: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'flite-cli-'))
  const out = join(dir, 'out.wav')
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn('flite', ['-voice', voice, '-t', text, '-o', out], { stdio: 'ignore' })
    child.on('error', reject)
    child.on('close', (code) => {
      const wallMs = performance.now() - started
      try {
        if (code !== 0) throw new Error(`flite exited with ${code}`)
        resolve({ wallMs, bytes: statSync(out).size })
      } catch (error) {
        reject(error)
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    })
  })
}
