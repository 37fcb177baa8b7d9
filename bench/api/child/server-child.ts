// The bench server in a process of its own, so its memory can be read from /proc without the
// load generator's: prints one JSON line `{ url, apiKey }` when ready, stops on SIGTERM.
import { startBenchServer } from '../bench-app.js'

const server = await startBenchServer({
  speechWorkers: Number(process.env.SPEECH_WORKERS ?? 2),
  tinyKokoro: process.env.BENCH_TINY_KOKORO === '1',
  ...(process.env.BENCH_DATA_DIR ? { dataDir: process.env.BENCH_DATA_DIR } : {}),
})
process.stdout.write(`${JSON.stringify({ url: server.url, apiKey: server.apiKey })}\n`)
process.on('SIGTERM', () => {
  void server.stop().finally(() => process.exit(0))
})
