import { getPriority } from 'node:os'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { ThreadMemory } from '../src/pool/messages.js'
import { ENCODER_NICENESS, RENDER_NICENESS, WorkerPool } from '../src/pool/worker-pool.js'
import type { SegmentAudio } from '../src/synthesis/segment-job.js'
import { helloJob } from './helpers/fixtures.js'

const pool = new WorkerPool(1)
const pair = new WorkerPool(2)
const warmed = new WorkerPool(2, { encoderThreads: 1, warmUp: true })
afterAll(() => Promise.all([pool.close(), pair.close(), warmed.close()]))

/** The thread that ran a task with this affinity. */
async function threadOf(key: string, strict = false): Promise<number> {
  const memory = (await pair.run({ type: 'memory' }, { affinity: { key, strict } })) as ThreadMemory
  return memory.threadId
}

const job = helloJob()

describe('WorkerPool', () => {
  it('fails the running task with worker_crashed and the queued ones run on the replacement', async () => {
    const crash = pool.run({ type: 'crash' })
    const next = pool.run({ type: 'render', job })
    await expect(crash).rejects.toMatchObject({ code: 'worker_crashed' })
    const audio = (await next) as SegmentAudio
    expect(audio.samples.length).toBeGreaterThan(8000)
    expect(pool.stats().restarts).toBe(1)
  })

  it('fails tasks pinned to a worker that died', async () => {
    const pin = pool.pickSlot()
    const crash = pool.run({ type: 'crash' }, { pin })
    const pinned = pool.run(
      {
        type: 'encode-open',
        session: 1,
        format: {
          id: 'pcm_16000',
          codec: 'pcm',
          sampleRate: 16000,
          bitrateKbps: 256,
          contentType: 'audio/pcm',
          fileExtension: 'pcm',
        },
      },
      { pin },
    )
    await expect(crash).rejects.toMatchObject({ code: 'worker_crashed' })
    await expect(pinned).rejects.toMatchObject({ code: 'worker_crashed' })
  })

  it('removes an aborted task from the queue at once', async () => {
    const controller = new AbortController()
    const first = pool.run({ type: 'render', job })
    const second = pool.run({ type: 'render', job }, { signal: controller.signal })
    controller.abort()
    await expect(second).rejects.toMatchObject({ code: 'aborted' })
    expect(pool.stats().queued).toBe(0)
    await first
  })

  it('keeps a strict affinity key on the one thread that took it, even when another is free', async () => {
    const first = await threadOf('big-dictionary', true)
    const together = await Promise.all(Array.from({ length: 6 }, () => threadOf('big-dictionary', true)))
    expect(new Set(together)).toEqual(new Set([first]))
    // Without the strict key the same burst spreads over both threads.
    const spread = await Promise.all(Array.from({ length: 6 }, (_, i) => threadOf(`voice-${i}`)))
    expect(new Set(spread).size).toBe(2)
  })

  it('sends a task to the free thread that ran its key last', async () => {
    const [a, b] = await Promise.all([threadOf('voice-a'), threadOf('voice-b')])
    expect(a).not.toBe(b)
    for (let i = 0; i < 3; i++) {
      expect(await threadOf('voice-b')).toBe(b)
      expect(await threadOf('voice-a')).toBe(a)
    }
  })

  it('warms each new render thread once it is idle, never an encoder thread, and only when asked', async () => {
    // The first task starts the threads: render thread 0 runs it, thread 1 warms up meanwhile.
    const first = (await warmed.run({ type: 'memory' })) as ThreadMemory
    expect(first.threadId).toBeGreaterThan(0)
    await vi.waitFor(() => expect(warmed.warmUpRecords()).toHaveLength(2), { timeout: 120_000, interval: 50 })
    const records = warmed.warmUpRecords()
    expect(records.map((r) => r.slot).sort()).toEqual([0, 1])
    for (const record of records) {
      expect(record.engines.map((e) => e.engine)).toEqual(['flite', 'espeak'])
      for (const engine of record.engines) expect(engine.ms).toBeGreaterThan(0)
    }
    // A render after the warm-up runs as usual.
    const audio = (await warmed.run({ type: 'render', job })) as SegmentAudio
    expect(audio.samples.length).toBeGreaterThan(8000)
    // A thread that replaces a crashed one is warmed again; the pool without the option never warms.
    const pin = warmed.pickSlot('render')
    await expect(warmed.run({ type: 'crash' }, { pin })).rejects.toMatchObject({ code: 'worker_crashed' })
    await vi.waitFor(
      () =>
        expect(warmed.warmUpRecords().filter((r) => r.slot === pin.slot && r.generation === 1)).toHaveLength(
          1,
        ),
      { timeout: 120_000, interval: 50 },
    )
    await pair.run({ type: 'memory' })
    expect(pair.warmUpRecords()).toHaveLength(0)
  }, 240_000)
})

describe('WorkerPool started ahead of its first task', () => {
  it('start() spawns and warms every render thread with no task asked for', async () => {
    const early = new WorkerPool(1, { warmUp: true })
    try {
      early.start()
      await vi.waitFor(() => expect(early.warmUpRecords()).toHaveLength(1), {
        timeout: 120_000,
        interval: 50,
      })
      // Starting again spawns nothing new: the one warm thread serves the first task.
      early.start()
      const audio = (await early.run({ type: 'render', job })) as SegmentAudio
      expect(audio.samples.length).toBeGreaterThan(8000)
      expect(early.warmUpRecords()).toHaveLength(1)
    } finally {
      await early.close()
    }
  }, 180_000)
})

describe('WorkerPool thread priority', () => {
  it.runIf(process.platform === 'linux')(
    'runs render threads and encoder threads at a lower OS priority than the process',
    async () => {
      const niced = new WorkerPool(1, { encoderThreads: 1 })
      const base = getPriority()
      try {
        const render = (await niced.run({ type: 'memory' })) as ThreadMemory
        const encoder = (await niced.run(
          { type: 'memory' },
          { pin: niced.pickSlot('encoder') },
        )) as ThreadMemory
        expect(render.niceness).toBe(Math.min(19, base + RENDER_NICENESS))
        expect(encoder.niceness).toBe(Math.min(19, base + ENCODER_NICENESS))
        // The process's own thread, which answers HTTP, keeps its priority.
        expect(getPriority()).toBe(base)
      } finally {
        await niced.close()
      }
    },
  )
})
