// ONNX Runtime (onnxruntime-node: its CPU build ships inside the npm package) is loaded only
// when a neural voice is used or the models directory has a model: a server without model
// files never loads it.
import type * as Ort from 'onnxruntime-node'

export type OrtModule = typeof Ort
export type OrtSession = Ort.InferenceSession

let loaded: Promise<OrtModule> | undefined

export function onnxRuntime(): Promise<OrtModule> {
  loaded ??= import('onnxruntime-node').then(
    (m) => ((m as unknown as { default?: OrtModule }).default ?? m) as OrtModule,
  )
  return loaded
}

/** One thread per session: the speech pool already runs one render thread per core. */
export async function openSession(path: string): Promise<OrtSession> {
  const ort = await onnxRuntime()
  return ort.InferenceSession.create(path, {
    intraOpNumThreads: 1,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
  })
}

/** Piper's interface: what a model must take and give for the engine to run it. */
export function piperInterfaceProblem(session: OrtSession, speakers: number): string | null {
  const inputs = new Set(session.inputNames)
  for (const name of ['input', 'input_lengths', 'scales']) {
    if (!inputs.has(name)) return `has no input '${name}' (inputs: ${session.inputNames.join(', ')})`
  }
  if (speakers > 1 && !inputs.has('sid'))
    return `its config names ${speakers} speakers but the model has no 'sid' input`
  if (session.outputNames.length === 0) return 'has no output'
  return null
}
