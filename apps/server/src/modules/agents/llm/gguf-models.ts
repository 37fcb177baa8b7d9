import { open, readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { GGUF_LLM_PREFIX } from '@timbre/contract'
import { AppError } from '../../../errors.js'

// GGUF model files the operator or user places in MODELS_DIR (or its llm/ folder), offered to
// agents by file name with their size. They run in-process through node-llama-cpp, loaded on
// first use; a file that is not a loadable GGUF model is refused with one clear error.

export interface GgufModel {
  id: string
  file: string
  path: string
  sizeBytes: number
}

const GGUF_MAGIC = 'GGUF'

async function filesIn(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).filter((name) => name.toLowerCase().endsWith('.gguf'))
  } catch {
    return []
  }
}

export async function listGgufModels(modelsDir: string): Promise<GgufModel[]> {
  const found: GgufModel[] = []
  for (const dir of [modelsDir, join(modelsDir, 'llm')]) {
    for (const file of await filesIn(dir)) {
      const path = join(dir, file)
      const info = await stat(path).catch(() => null)
      if (!info?.isFile()) continue
      found.push({ id: `${GGUF_LLM_PREFIX}${file}`, file, path, sizeBytes: info.size })
    }
  }
  return found.sort((a, b) => a.file.localeCompare(b.file))
}

/** The file starts with the GGUF magic: anything else is refused before the loader sees it. */
async function hasGgufMagic(path: string): Promise<boolean> {
  const handle = await open(path, 'r')
  try {
    const head = Buffer.alloc(4)
    const { bytesRead } = await handle.read(head, 0, 4, 0)
    return bytesRead === 4 && head.toString('latin1') === GGUF_MAGIC
  } finally {
    await handle.close()
  }
}

export interface LoadedGguf {
  /** One answer to a prompt, generated off the API thread by llama.cpp's own threads. */
  prompt(system: string, user: string, signal?: AbortSignal): Promise<string>
  dispose(): Promise<void>
}

/** Loads a GGUF model through node-llama-cpp (CPU only, never building from source). */
export async function loadGgufModel(model: GgufModel): Promise<LoadedGguf> {
  if (!(await hasGgufMagic(model.path).catch(() => false)))
    throw new AppError('gguf_model_invalid', { message: `${model.file} is not a GGUF model file.` })
  try {
    const { getLlama, LlamaChatSession } = await import('node-llama-cpp')
    const llama = await getLlama({ gpu: false, build: 'never', progressLogs: false })
    const loaded = await llama.loadModel({ modelPath: model.path })
    const context = await loaded.createContext({ contextSize: 4096 })
    return {
      async prompt(system, user, signal) {
        const session = new LlamaChatSession({ contextSequence: context.getSequence(), systemPrompt: system })
        try {
          return await session.prompt(user, { signal, maxTokens: 512 })
        } finally {
          session.dispose()
        }
      },
      async dispose() {
        await context.dispose()
        await loaded.dispose()
      },
    }
  } catch (error) {
    throw new AppError('gguf_model_invalid', {
      message: `${model.file} could not be loaded: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'}.`,
    })
  }
}

/** Models are loaded once per process and kept; a failed load is tried again next time. */
export function createGgufLoader(catalogue: { gguf(llm: string): Promise<GgufModel | undefined> }) {
  const loaded = new Map<string, Promise<LoadedGguf>>()
  return async (llm: string): Promise<LoadedGguf> => {
    let model = loaded.get(llm)
    if (!model) {
      const found = await catalogue.gguf(llm)
      if (!found) throw new AppError('agent_llm_unknown')
      model = loadGgufModel(found)
      loaded.set(llm, model)
      model.catch(() => loaded.delete(llm))
    }
    return model
  }
}
