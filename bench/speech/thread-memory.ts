// Memory of the speech service's threads as voices are used: the process's RSS (the threads
// share it) and each thread's V8 heap and external memory (WebAssembly instances, buffers),
// at start, after one voice, after every premade voice has spoken once and after a second
// round (bounded caches: the second round should add little). Baseline in the same run: a
// bare node process's RSS.
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { createSpeechService, PREMADE_VOICES, type SpeechService, type VoiceDefinition } from '@timbre/speech'
import { fmt } from '../api/bench-app.js'
import { bareNodeRss } from '../api/child-process.js'

const rssMb = () => process.memoryUsage().rss / 1e6

async function speak(service: SpeechService, voice: VoiceDefinition): Promise<void> {
  await service.synthesize(
    { text: voice.preview_text, voice, modelId: 'eleven_multilingual_v2', seed: 1 },
    DEFAULT_OUTPUT_FORMAT,
  )
}

async function line(label: string, service: SpeechService): Promise<string> {
  const threads = await service.threadMemory()
  const cells = threads.map(
    (t, i) => `${i < 2 ? 'render' : 'encoder'} ${fmt(t.heapUsedMb)} + ${fmt(t.externalMb)}`,
  )
  return `| ${label} | ${fmt(rssMb())} | ${cells.join(' / ')} |`
}

export async function bench(): Promise<void> {
  const bare = await bareNodeRss(false)
  const atRest = rssMb()
  const service = createSpeechService({ workers: 2 })
  const lines: string[] = []
  try {
    await Promise.all([speak(service, PREMADE_VOICES[0]!), speak(service, PREMADE_VOICES[0]!)])
    lines.push(await line('one voice (Emma) on both render threads', service))
    for (const voice of PREMADE_VOICES) await Promise.all([speak(service, voice), speak(service, voice)])
    lines.push(await line(`every premade voice (${PREMADE_VOICES.length}), twice at once`, service))
    for (const voice of PREMADE_VOICES) await Promise.all([speak(service, voice), speak(service, voice)])
    lines.push(await line('every premade voice again', service))
  } finally {
    await service.close()
  }
  console.log('speech service threads, 2 render threads and 1 encoder thread, in this process (MB)')
  console.log('| after | process RSS | per thread: V8 heap + external |')
  console.log('|---|---|---|')
  console.log(`| bare node process (baseline) | ${fmt(bare)} | - |`)
  console.log(`| this process before the service | ${fmt(atRest)} | - |`)
  for (const l of lines) console.log(l)
}
