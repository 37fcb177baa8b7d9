// The process one sherpa-onnx model runs in (started by sherpa-recogniser.ts). sherpa-onnx's
// native library aborts the whole process on a model it cannot load (an uncaught C++ exception),
// so it never runs in the server: this process loads the model once, then decodes the
// utterances sent over IPC one at a time, and the server sees a crash as this process's exit.
import { createRequire } from 'node:module'
import type { SherpaReply, SherpaRequest } from './sherpa-messages.js'

interface OfflineStream {
  acceptWaveform(wave: { samples: Float32Array; sampleRate: number }): void
}
interface OfflineRecognizer {
  createStream(): OfflineStream
  decodeAsync(stream: OfflineStream): Promise<unknown>
}

const send = (reply: SherpaReply) => process.send?.(reply)
let recognizer: OfflineRecognizer | undefined

process.on('message', async (request: SherpaRequest) => {
  if (request.type === 'load') {
    try {
      const sherpa = createRequire(import.meta.url)('sherpa-onnx-node') as {
        OfflineRecognizer: { createAsync(config: object): Promise<OfflineRecognizer> }
      }
      recognizer = await sherpa.OfflineRecognizer.createAsync(request.config)
      send({ type: 'loaded' })
    } catch (error) {
      send({ type: 'load_failed', message: (error as Error).message })
    }
    return
  }
  try {
    if (!recognizer) throw new Error('the model is not loaded')
    const stream = recognizer.createStream()
    stream.acceptWaveform({ samples: request.samples, sampleRate: request.sampleRate })
    send({ type: 'result', id: request.id, result: await recognizer.decodeAsync(stream) })
  } catch (error) {
    send({ type: 'failed', id: request.id, message: (error as Error).message })
  }
})
// The server going away (even killed) closes the channel: nothing is left running.
process.on('disconnect', () => process.exit(0))
