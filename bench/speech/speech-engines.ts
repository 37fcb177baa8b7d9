// Speech engine figures: real-time factor per engine, time to first
// chunk for a 1,000-character text, characters per second with 1 and 2 workers, memory;
// beside the same figures for Debian's espeak-ng command-line tool, in the same run.
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import { createSpeechService, PREMADE_VOICES, type SpeechRequest, type SpeechService } from '@timbre/speech'
import { ensureEspeakCli, runEspeakCli } from './espeak-cli.js'

const EN =
  'The old lighthouse keeper climbed the stairs every evening, counting each step as his father had done before him. ' +
  'From the top he could see the whole bay: the fishing boats coming home, the gulls circling over the harbour, ' +
  'and the long line of hills that turned purple when the sun went down. Visitors often asked whether he felt lonely. ' +
  'He would smile and point at the sea, which changed its mood a hundred times a day, and say that he had never once been bored. ' +
  'In winter the storms arrived without warning, and the light had to burn through rain so thick that the beam seemed to stop a few metres from the glass. ' +
  'Those were the nights he liked best, because he knew that somewhere out there a sailor was looking for him. '
const DE =
  'Der alte Leuchtturmwärter stieg jeden Abend die Treppe hinauf und zählte jede Stufe, wie es schon sein Vater getan hatte. ' +
  'Von oben sah er die ganze Bucht: die Fischerboote auf dem Heimweg, die Möwen über dem Hafen und die lange Reihe der Hügel, ' +
  'die sich lila färbten, wenn die Sonne unterging. Besucher fragten oft, ob er sich einsam fühle. Dann lächelte er und zeigte auf das Meer, ' +
  'das hundertmal am Tag seine Stimmung wechselte, und sagte, dass er sich noch nie gelangweilt habe. Im Winter kamen die Stürme ohne Warnung, ' +
  'und das Licht musste durch einen Regen brennen, der so dicht war, dass der Strahl wenige Meter hinter dem Glas zu enden schien. '

function thousand(text: string): string {
  let out = text
  while (out.length < 1000) out += text
  return `${out.slice(0, out.lastIndexOf('.', 1000) + 1)}`
}

interface EngineCase {
  engine: string
  voiceName: string
  text: string
  cliVoice: string
}

const CASES: EngineCase[] = [
  { engine: 'flite (Emma, slt)', voiceName: 'Emma', text: thousand(EN), cliVoice: 'en-us' },
  { engine: 'espeak-ng (Lena, de+f3, formant shift)', voiceName: 'Lena', text: thousand(DE), cliVoice: 'de' },
  { engine: 'espeak-ng (Jonas, de+m3)', voiceName: 'Jonas', text: thousand(DE), cliVoice: 'de' },
]

function req(c: EngineCase, model = 'eleven_multilingual_v2'): SpeechRequest {
  const voice = PREMADE_VOICES.find((v) => v.name === c.voiceName)!
  return { text: c.text, voice, modelId: model, seed: 1 }
}

/** Leaving a stream early lets its running segments finish; wait so they do not skew the next figure. */
async function idle(service: SpeechService): Promise<void> {
  while (service.stats().busy > 0 || service.stats().queued > 0) await new Promise((r) => setTimeout(r, 10))
}

async function timeToFirstChunk(
  service: SpeechService,
  request: SpeechRequest,
  format: string,
): Promise<number> {
  await idle(service)
  const started = performance.now()
  for await (const _ of service.stream(request, format)) return performance.now() - started
  return Number.NaN
}

async function throughput(
  workers: number,
  request: SpeechRequest,
  count: number,
): Promise<{ charsPerSecond: number; peakRssMb: number }> {
  const service = createSpeechService({ workers })
  await Promise.all(Array.from({ length: workers }, () => service.synthesize(request, 'pcm_22050')))
  let peak = process.memoryUsage().rss
  const poll = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  const started = performance.now()
  await Promise.all(Array.from({ length: count }, () => service.synthesize(request, 'pcm_22050')))
  const seconds = (performance.now() - started) / 1000
  clearInterval(poll)
  await service.close()
  return { charsPerSecond: (request.text.length * count) / seconds, peakRssMb: peak / 1e6 }
}

function row(cells: (string | number)[]): string {
  return cells
    .map((c, i) => String(typeof c === 'number' ? c.toFixed(c < 1 ? 4 : 0) : c).padEnd(i === 0 ? 42 : 16))
    .join('')
}

export async function bench(): Promise<void> {
  const restRss = process.memoryUsage().rss
  const service = createSpeechService({ workers: 2 })
  // Warm every engine in every worker (eSpeak NG and Flite load on first use).
  for (const c of CASES) await Promise.all([1, 2].map(() => service.synthesize(req(c), 'pcm_22050')))
  const warmRss = process.memoryUsage().rss
  console.log(
    `memory: ${(restRss / 1e6).toFixed(0)} MB RSS before the service, ${(warmRss / 1e6).toFixed(0)} MB with 2 warm workers`,
  )
  console.log(
    row([
      'engine',
      'RTF (1 req)',
      'first chunk ms',
      'flash 1st ms',
      'chars/s 1w',
      'chars/s 2w',
      'peak RSS MB',
    ]),
  )
  for (const c of CASES) {
    const request = req(c)
    const started = performance.now()
    const whole = await service.synthesize(request, 'pcm_22050')
    const rtf = (performance.now() - started) / 1000 / whole.durationSeconds
    const ttfc = await timeToFirstChunk(service, request, DEFAULT_OUTPUT_FORMAT)
    const flash = await timeToFirstChunk(service, req(c, 'eleven_flash_v2_5'), DEFAULT_OUTPUT_FORMAT)
    const one = await throughput(1, request, 4)
    const two = await throughput(2, request, 4)
    console.log(
      row([
        c.engine,
        rtf,
        ttfc,
        flash,
        one.charsPerSecond,
        two.charsPerSecond,
        Math.max(one.peakRssMb, two.peakRssMb),
      ]),
    )
  }
  await service.close()

  if (!ensureEspeakCli()) {
    console.log('espeak-ng command-line tool unavailable: no baseline')
    return
  }
  for (const c of CASES.slice(0, 2)) {
    await runEspeakCli(c.cliVoice, 'warm up')
    const single = await runEspeakCli(c.cliVoice, c.text)
    const started = performance.now()
    const runs = await Promise.all([1, 2, 3, 4].map(() => runEspeakCli(c.cliVoice, c.text)))
    const parallelSeconds = (performance.now() - started) / 1000
    const sequentialCps = c.text.length / (single.wallMs / 1000)
    console.log(
      row([
        `espeak-ng CLI (-v ${c.cliVoice}), new process`,
        single.wallMs / 1000 / single.audioSeconds,
        single.firstByteMs,
        '-',
        sequentialCps,
        (c.text.length * runs.length) / parallelSeconds,
        single.peakRssKb / 1000,
      ]),
    )
  }
  console.log(
    'RTF = synthesis time / audio duration (lower is faster). chars/s 2w for the CLI = 4 processes in parallel.',
  )
}
