// Speech to text: word error rate and real-time factor of POST /v1/speech-to-text (PocketSphinx
// in-process, Silero VAD segmentation) beside the Debian `pocketsphinx_continuous` command line
// with its default model on the same audio in the same run. The audio: held-out sentences read
// by a premade voice of ours (through the API) and by the raw `espeak-ng` and Flite `slt`
// command lines, voices the product was not tuned to. Real-time factor = processing seconds
// over audio seconds (the API's includes HTTP, decoding the upload and storing the transcript).
// Then the realtime socket (realtime-sessions.ts): first partial and committed transcript
// latency, 1 and 4 sessions at once, beside the whole-utterance API on the same audio.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PREMADE_VOICES } from '@timbre/speech'
import { ffmpegPath } from '../../apps/server/src/lib/audio/audio-decode.js'
import { startBenchServer } from '../api/bench-app.js'
import { realtimeBench, type Utterance } from './realtime-sessions.js'

const SENTENCES = [
  'My neighbour grows tomatoes and beans in a small garden behind the house.',
  'The train to the city leaves at seven every morning except on Sundays.',
  'She opened the window and listened to the rain falling on the roof.',
  'We should finish the report before the meeting starts tomorrow afternoon.',
  'The children found an old map hidden under the floor of the attic.',
  'Please remember to turn off the lights when you leave the office.',
]

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`]).status === 0

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
}

function wer(reference: string[], hypothesis: string[]): number {
  const d = Array.from({ length: reference.length + 1 }, (_, i) => [
    i,
    ...Array<number>(hypothesis.length).fill(0),
  ])
  for (let j = 1; j <= hypothesis.length; j++) d[0]![j] = j
  for (let i = 1; i <= reference.length; i++)
    for (let j = 1; j <= hypothesis.length; j++)
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1),
      )
  return d[reference.length]![hypothesis.length]! / reference.length
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2
}

/** Seconds of a 16-bit PCM WAV (the data chunk's bytes over the byte rate). */
function wavSeconds(wav: Buffer): number {
  const byteRate = wav.readUInt32LE(28)
  let at = 12
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4)
    const size = wav.readUInt32LE(at + 4)
    if (id === 'data') return Math.min(size, wav.length - at - 8) / byteRate
    at += 8 + size
  }
  return 0
}

export async function bench(): Promise<void> {
  if (!has('pocketsphinx_continuous')) {
    console.log('pocketsphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us): skipped')
    return
  }
  const work = mkdtempSync(join(tmpdir(), 'timbre-stt-bench-'))
  const server = await startBenchServer()
  const auth = { 'xi-api-key': server.apiKey }
  try {
    const emma = PREMADE_VOICES.find((v) => v.name === 'Emma')!
    const sources: Array<{ name: string; make: (text: string, file: string) => Promise<void> }> = [
      {
        name: 'Emma (ours, API)',
        make: async (text, file) => {
          const response = await fetch(
            `${server.url}/v1/text-to-speech/${emma.voice_id}?output_format=pcm_16000`,
            {
              method: 'POST',
              headers: { ...auth, 'content-type': 'application/json' },
              body: JSON.stringify({ text, seed: 5 }),
            },
          )
          const pcm = Buffer.from(await response.arrayBuffer())
          execFileSync(
            ffmpegPath(),
            ['-y', '-loglevel', 'error', '-f', 's16le', '-ar', '16000', '-ac', '1', '-i', 'pipe:0', file],
            {
              input: pcm,
            },
          )
        },
      },
    ]
    if (has('espeak-ng'))
      sources.push({
        name: 'espeak-ng en-us (raw CLI)',
        make: async (text, file) =>
          void execFileSync('espeak-ng', ['-v', 'en-us', '-w', `${file}.22k.wav`, text]),
      })
    if (has('flite'))
      sources.push({
        name: 'flite slt (raw CLI)',
        make: async (text, file) =>
          void execFileSync('flite', ['-voice', 'slt', '-t', text, '-o', `${file}.22k.wav`]),
      })
    const emmaSpeech: Utterance[] = []
    console.log('| audio | ours: median WER | CLI: median WER | ours: RTF | CLI: RTF |')
    console.log('|---|---|---|---|---|')
    for (const source of sources) {
      const ours: number[] = []
      const cli: number[] = []
      let audioSeconds = 0
      let oursSeconds = 0
      let cliSeconds = 0
      for (const [i, sentence] of SENTENCES.entries()) {
        const file = join(work, `${i}.wav`)
        await source.make(sentence, file)
        // The command lines write 22.05 kHz: both recognisers get the same 16 kHz file.
        if (!source.name.startsWith('Emma'))
          execFileSync(ffmpegPath(), [
            '-y',
            '-loglevel',
            'error',
            '-i',
            `${file}.22k.wav`,
            '-ar',
            '16000',
            '-ac',
            '1',
            file,
          ])
        const wav = readFileSync(file)
        if (source.name.startsWith('Emma') && emmaSpeech.length < 3)
          emmaSpeech.push({ text: sentence, pcm: wav.subarray(wav.indexOf('data') + 8) })
        audioSeconds += wavSeconds(wav)
        const form = new FormData()
        form.append('model_id', 'scribe_v1')
        form.append('file', new Blob([wav]), 'sentence.wav')
        let started = performance.now()
        const response = await fetch(`${server.url}/v1/speech-to-text`, {
          method: 'POST',
          headers: auth,
          body: form,
        })
        const body = (await response.json()) as { text: string }
        oursSeconds += (performance.now() - started) / 1000
        ours.push(wer(words(sentence), words(body.text ?? '')))
        started = performance.now()
        const out = execFileSync('pocketsphinx_continuous', ['-infile', file, '-logfn', '/dev/null'], {
          encoding: 'utf8',
        })
        cliSeconds += (performance.now() - started) / 1000
        cli.push(wer(words(sentence), words(out)))
      }
      console.log(
        `| ${source.name} | ${median(ours).toFixed(3)} | ${median(cli).toFixed(3)} | ${(oursSeconds / audioSeconds).toFixed(3)} | ${(cliSeconds / audioSeconds).toFixed(3)} |`,
      )
    }
    if (!process.env.BENCH_SKIP_REALTIME)
      await realtimeBench(server.url, server.apiKey, emmaSpeech, (reference, heard) =>
        wer(words(reference), words(heard)),
      )
  } finally {
    await server.stop()
    rmSync(work, { recursive: true, force: true })
  }
}
