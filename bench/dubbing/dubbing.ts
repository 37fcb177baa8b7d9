// Dubbing speed: a 60-second two-speaker recording dubbed into Spanish through POST /v1/dubbing,
// end to end as a client sees it (the submit to status "dubbed", polling GET /v1/dubbing/{id}),
// with the time spent in each step (from progress_message). Beside it, from the same run and
// the same server: plain text to speech of the recording's text (what making the source took)
// and POST /v1/speech-to-text of the same recording (the recognition the dub does inside).
import { loadavg } from 'node:os'
import { PREMADE_VOICES } from '@timbre/speech'
import { pcmWav } from '../../apps/server/test/helpers/voice-factory.js'
import { fmt, startBenchServer } from '../api/bench-app.js'

const RATE = 16_000
const SECONDS = 60
const LINES = [
  'Good morning, and welcome to the weekly news from our small town by the sea.',
  'Thank you. This week the harbour opened again after the long winter storms.',
  'The fishing boats are back, and the market by the river is busy every morning.',
  'My sister bought a new house near the river, and she says the view is lovely.',
]

export async function bench(): Promise<void> {
  const server = await startBenchServer()
  const headers = { 'xi-api-key': server.apiKey }
  try {
    const voices = ['Noah', 'Grace'].map((name) => PREMADE_VOICES.find((v) => v.name === name)!)
    const speak = async (voiceId: string, text: string) => {
      const r = await fetch(`${server.url}/v1/text-to-speech/${voiceId}?output_format=pcm_16000`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ text }),
      })
      if (!r.ok) throw new Error(`text to speech: ${r.status} ${await r.text()}`)
      return Buffer.from(await r.arrayBuffer())
    }
    await speak(voices[0]!.voice_id, 'Warm up.')
    const parts: Buffer[] = []
    let samples = 0
    const ttsStarted = performance.now()
    for (let i = 0; samples < SECONDS * RATE; i++) {
      const pcm = await speak(voices[i % 2]!.voice_id, LINES[i % LINES.length]!)
      const gap = Buffer.alloc(Math.round(0.6 * RATE) * 2)
      parts.push(pcm, gap)
      samples += (pcm.length + gap.length) / 2
    }
    const ttsSeconds = (performance.now() - ttsStarted) / 1000
    const source = pcmWav(Buffer.concat(parts).subarray(0, SECONDS * RATE * 2), RATE)

    const sttForm = new FormData()
    sttForm.set('model_id', 'scribe_v1')
    sttForm.set('file', new Blob([new Uint8Array(source)], { type: 'audio/wav' }), 'sixty.wav')
    const sttStarted = performance.now()
    const sttCpu = process.cpuUsage()
    const stt = await fetch(`${server.url}/v1/speech-to-text`, { method: 'POST', headers, body: sttForm })
    if (!stt.ok) throw new Error(`speech to text: ${stt.status} ${await stt.text()}`)
    const sttSeconds = (performance.now() - sttStarted) / 1000
    const sttCpuUsed = process.cpuUsage(sttCpu)
    const sttCpuSeconds = (sttCpuUsed.user + sttCpuUsed.system) / 1e6

    const form = new FormData()
    form.set('file', new Blob([new Uint8Array(source)], { type: 'audio/wav' }), 'sixty.wav')
    form.set('target_lang', 'es')
    form.set('num_speakers', '2')
    form.set('watermark', 'true')
    const started = performance.now()
    const created = await fetch(`${server.url}/v1/dubbing`, { method: 'POST', headers, body: form })
    if (!created.ok) throw new Error(`dubbing: ${created.status} ${await created.text()}`)
    const { dubbing_id: id } = (await created.json()) as { dubbing_id: string }
    // CPU seconds of this process (the server runs in it: its event loop, the speech threads and
    // the decoders on libuv's pool; not FFmpeg's or Apertium's processes): steadier than the
    // wall clock on a machine shared with other work.
    const cpu = () => {
      const u = process.cpuUsage()
      return (u.user + u.system) / 1e6
    }
    const cpuStarted = cpu()
    const steps: Array<{ message: string; at: number; cpu: number }> = []
    let status = 'dubbing'
    while (status === 'dubbing') {
      await new Promise((r) => setTimeout(r, 200))
      const body = (await (await fetch(`${server.url}/v1/dubbing/${id}`, { headers })).json()) as {
        status: string
        progress_message: string | null
      }
      status = body.status
      const message = body.progress_message ?? '(queued)'
      if (steps.at(-1)?.message !== message)
        steps.push({ message, at: performance.now() - started, cpu: cpu() - cpuStarted })
    }
    const total = (performance.now() - started) / 1000
    const totalCpu = cpu() - cpuStarted
    console.log(`a ${SECONDS} s two-speaker recording, English to Spanish (status ${status})`)
    console.log(
      `  load average at the end: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (2 cores)`,
    )
    console.log(`  dub, end to end                        ${fmt(total, 1)} s wall, ${fmt(totalCpu, 1)} s CPU`)
    for (const [i, s] of steps.entries()) {
      const end = (steps[i + 1]?.at ?? total * 1000) / 1000
      const endCpu = steps[i + 1]?.cpu ?? totalCpu
      console.log(
        `    ${s.message.padEnd(36)} ${fmt(end - s.at / 1000, 1)} s wall, ${fmt(endCpu - s.cpu, 1)} s CPU`,
      )
    }
    console.log(
      `  baseline: text to speech of its ${LINES.length}-line text, ${parts.length / 2} requests  ${fmt(ttsSeconds, 1)} s`,
    )
    console.log(
      `  baseline: speech to text of the same recording   ${fmt(sttSeconds, 1)} s wall, ${fmt(sttCpuSeconds, 1)} s CPU`,
    )
  } finally {
    await server.stop()
  }
}
