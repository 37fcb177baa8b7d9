import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  loadRecognitionCatalogue,
  RecogniserUnusableError,
  type SherpaRecogniser,
  wordsFromSherpa,
} from '../src/index.js'
import { writeTinySherpaFolder } from './helpers/tiny-sherpa-model.js'

// sherpa-onnx model folders in the models directory: found by their tokens file, run in a worker
// process of their own through the real native library. A tiny TDNN model made here hears each
// loud stretch as one `Y`; a broken model file aborts its worker, not this process, and the
// model reports why it cannot be used.

const dir = mkdtempSync(join(tmpdir(), 'timbre-sherpa-'))
writeTinySherpaFolder(join(dir, 'sherpa-onnx-tdnn-yesno-en'))
writeTinySherpaFolder(join(dir, 'sherpa-onnx-tdnn-broken'), { brokenModel: true })
mkdirSync(join(dir, 'sherpa-onnx-mystery'))
writeFileSync(join(dir, 'sherpa-onnx-mystery', 'tokens.txt'), 'a 0\n')
writeFileSync(join(dir, 'sherpa-onnx-mystery', 'model.onnx'), 'x')
const catalogue = loadRecognitionCatalogue(dir)
const recognisers: SherpaRecogniser[] = []
const recogniserOf = (id: string) => {
  const r = catalogue.recogniser(catalogue.models.find((m) => m.model_id === id)!) as SherpaRecogniser
  recognisers.push(r)
  return r
}

/** Two seconds: silence with loud noise at 0.3-0.75 s and 1.25-1.6 s. */
function twoBursts(): Float32Array {
  const samples = new Float32Array(32_000)
  let seed = 7
  const noise = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return (seed / 2 ** 31) * 2 - 1
  }
  for (const [from, to] of [
    [4_800, 12_000],
    [20_000, 25_600],
  ] as const)
    for (let i = from; i < to; i++) samples[i] = noise() * 0.3
  return samples
}

afterAll(async () => {
  await Promise.all(recognisers.map((r) => r.close()))
  rmSync(dir, { recursive: true, force: true })
})

describe('sherpa-onnx model folders', () => {
  it('lists each folder with its kind and the languages its name carries, warning about one of unknown kind', () => {
    expect(catalogue.models.map((m) => [m.model_id, m.engine, m.sherpa?.kind, m.languages])).toEqual([
      ['sherpa_tdnn_broken', 'sherpa-onnx', 'tdnn', []],
      ['sherpa_tdnn_yesno_en', 'sherpa-onnx', 'tdnn', ['en']],
    ])
    expect(catalogue.warnings).toHaveLength(1)
    expect(catalogue.warnings[0]!.file).toContain('sherpa-onnx-mystery')
    expect(catalogue.warnings[0]!.message).toMatch(/does not say which kind/)
  })

  it('decodes in the model’s worker process: each loud stretch is one word at its time, silence nothing', async () => {
    const recogniser = recogniserOf('sherpa_tdnn_yesno_en')
    await recogniser.ready()
    expect(recogniser.unavailable()).toBeNull()
    const words = await recogniser.recognise(twoBursts())
    expect(words.map((w) => w.text)).toEqual(['Y', 'Y'])
    expect(words[0]!.start).toBeGreaterThan(0.25)
    expect(words[0]!.start).toBeLessThan(0.45)
    expect(words[1]!.start).toBeGreaterThan(1.2)
    expect(words[1]!.start).toBeLessThan(1.4)
    await expect(recogniser.recognise(new Float32Array(16_000))).resolves.toEqual([])
  }, 60_000)

  it('reports a broken model file as unusable with the native library’s reason, and this process lives on', async () => {
    const recogniser = recogniserOf('sherpa_tdnn_broken')
    await recogniser.ready()
    expect(recogniser.unavailable()).toMatch(
      /sherpa-onnx-tdnn-broken cannot be used: .*Protobuf parsing failed/,
    )
    await expect(recogniser.recognise(twoBursts())).rejects.toBeInstanceOf(RecogniserUnusableError)
  }, 60_000)

  it('starts a new worker after one dies, failing only the decode it was running', async () => {
    const recogniser = recogniserOf('sherpa_tdnn_yesno_en')
    await recogniser.ready()
    const pids = () =>
      execFileSync('pgrep', ['-f', '-P', String(process.pid), 'sherpa-worker'], { encoding: 'utf8' })
        .trim()
        .split('\n')
    const before = pids()
    const running = recogniser.recognise(new Float32Array(16_000 * 20))
    for (const pid of before) process.kill(Number(pid), 'SIGKILL')
    await expect(running).rejects.toThrow(/worker crashed.*SIGKILL/)
    expect(recogniser.unavailable()).toMatch(/worker crashed/)
    expect((await recogniser.recognise(twoBursts())).map((w) => w.text)).toEqual(['Y', 'Y'])
    expect(recogniser.unavailable()).toBeNull()
  }, 60_000)

  it('joins word-piece tokens into timed words', () => {
    const words = wordsFromSherpa(
      { text: ' hello world', tokens: ['▁hel', 'lo', '▁world'], timestamps: [0.2, 0.4, 0.9] },
      2,
    )
    expect(words).toEqual([
      { text: 'hello', start: 0.2, end: 0.9, logprob: 0 },
      { text: 'world', start: 0.9, end: 1.4, logprob: 0 },
    ])
  })
})
