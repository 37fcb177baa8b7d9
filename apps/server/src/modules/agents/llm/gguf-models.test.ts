import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../errors.js'
import { listGgufModels, loadGgufModel } from './gguf-models.js'
import { createLlmCatalogue } from './llm-catalogue.js'

// GGUF files in MODELS_DIR are listed with their size; a file that is not a loadable model is
// refused with one clear error (no model weights can be shipped with the tests).

const dir = mkdtempSync(join(tmpdir(), 'timbre-gguf-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('GGUF models', () => {
  it('lists .gguf files from MODELS_DIR and its llm folder with their size', async () => {
    mkdirSync(join(dir, 'llm'))
    writeFileSync(join(dir, 'tiny.gguf'), Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(60)]))
    writeFileSync(join(dir, 'llm', 'other.GGUF'), Buffer.from('not a model'))
    writeFileSync(join(dir, 'voice.onnx'), Buffer.alloc(10))
    const models = await listGgufModels(dir)
    expect(models.map((m) => [m.id, m.sizeBytes])).toEqual([
      ['gguf:other.GGUF', 11],
      ['gguf:tiny.gguf', 64],
    ])
    const catalogue = createLlmCatalogue({ modelsDir: dir, operator: null })
    expect(await catalogue.accepts('gguf:tiny.gguf')).toBe(true)
    expect(await catalogue.accepts('gguf:missing.gguf')).toBe(false)
    expect((await catalogue.list()).find((c) => c.id === 'gguf:tiny.gguf')).toMatchObject({
      kind: 'gguf',
      sizeBytes: 64,
    })
  })

  it('refuses a file that is not GGUF, and a broken GGUF file, with a clear error', async () => {
    const [other, tiny] = await listGgufModels(dir)
    const failure = async (model: typeof other) => {
      try {
        await loadGgufModel(model as NonNullable<typeof other>)
      } catch (error) {
        return error instanceof AppError ? error : error
      }
      return null
    }
    expect(await failure(other)).toMatchObject({
      code: 'gguf_model_invalid',
      message: 'other.GGUF is not a GGUF model file.',
    })
    const broken = await failure(tiny)
    expect(broken).toMatchObject({ code: 'gguf_model_invalid' })
    expect((broken as AppError).message).toMatch(/^tiny\.gguf could not be loaded: /)
  }, 60_000)
})
