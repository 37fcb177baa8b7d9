// A render thread's warm-up (one short phrase through Flite and eSpeak NG when the thread is new
// and idle): what it costs per thread, the memory it adds, and the first request on a thread
// that has not spoken yet, with and without it. Each service gets one short English request
// first (it starts the threads; the second render thread stays idle), then, once the warm-ups
// are done, one short German request (eSpeak NG) that goes to the thread that has not spoken.
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { createSpeechService, PREMADE_VOICES } from '@timbre/speech'
import { fmt } from '../api/bench-app.js'

const rssMb = () => process.memoryUsage().rss / 1e6
const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!
const lena = PREMADE_VOICES.find((v) => v.name === 'Lena')!

async function run(warmUp: boolean): Promise<string[]> {
  const rss0 = rssMb()
  const service = createSpeechService({ workers: 2, warmUp })
  try {
    await service.synthesize(
      { text: 'Good morning.', voice: emma, modelId: 'eleven_multilingual_v2', seed: 1 },
      DEFAULT_OUTPUT_FORMAT,
    )
    // Wait for both render threads' warm-ups (none without it; then give the idle thread the
    // same quiet time).
    const deadline = performance.now() + 60_000
    while (warmUp && service.warmUps().length < 2 && performance.now() < deadline)
      await new Promise((r) => setTimeout(r, 50))
    if (!warmUp) await new Promise((r) => setTimeout(r, 500))
    const threads = await service.threadMemory()
    const rss1 = rssMb()
    const started = performance.now()
    await service.synthesize(
      {
        text: 'Der alte Leuchtturmwärter stieg die Treppe hinauf.',
        voice: lena,
        modelId: 'eleven_multilingual_v2',
        seed: 1,
      },
      DEFAULT_OUTPUT_FORMAT,
    )
    const first = performance.now() - started
    const cost = service
      .warmUps()
      .map((w) => `thread ${w.slot + 1}: ${w.engines.map((e) => `${e.engine} ${fmt(e.ms)}`).join(', ')}`)
      .join('; ')
    const memory = threads
      .slice(0, 2)
      .map((t) => fmt(t.heapUsedMb + t.externalMb))
      .join(' / ')
    return [`| ${warmUp ? 'on' : 'off'} | ${cost || '-'} | ${fmt(rss1 - rss0)} | ${memory} | ${fmt(first)} |`]
  } finally {
    await service.close()
  }
}

export async function bench(): Promise<void> {
  const rows = [...(await run(false)), ...(await run(true))]
  console.log('render thread warm-up, 2 render threads (ms, MB)')
  console.log(
    '| warm-up | cost per thread (ms) | process RSS added by the service | render threads heap + external | a short German request on the thread that had not spoken |',
  )
  console.log('|---|---|---|---|---|')
  for (const row of rows) console.log(row)
}
