import { describe, expect, it } from 'vitest'
import { runWasiCommand } from '../src/engines/wasi-memory-host.js'
import { sharedModule } from '../src/pool/shared-modules.js'

const flite = sharedModule('flite')

function speak(voice: string, text: string): Uint8Array {
  const run = runWasiCommand(flite, ['flite', '-psdur', '-voice', voice, '-o', 'out.wav', '-t', text])
  expect(run.exitCode).toBe(0)
  return run.files.get('out.wav')!
}

describe('WASI host', () => {
  it('runs a command again on its kept instance with the same result as its first run', () => {
    const first = speak('slt', 'Checking the output.')
    expect(first.length).toBeGreaterThan(20_000)
    // Other voices and texts in between leave a heap, voice lists and buffers behind; each run
    // must start from the module's initial memory again.
    speak('kal16', 'The old lighthouse keeper climbed the stairs.')
    speak('rms', 'From the top he could see the whole bay.')
    runWasiCommand(flite, ['flite', '-f', 'missing.txt', '-o', 'out.wav'])
    for (let i = 0; i < 3; i++)
      expect(Buffer.from(speak('slt', 'Checking the output.'))).toEqual(Buffer.from(first))
  })
})
