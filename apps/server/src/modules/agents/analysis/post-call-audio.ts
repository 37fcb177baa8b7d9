import { CONVAI_WEBHOOK_AUDIO } from '@timbre/contract'
import { encodeWhole, type OutputFormat } from '@timbre/speech'
import type { FileStorage } from '../../../lib/storage.js'
import { type JsonObject, pathOf } from '../agent-config.js'

// The recording sent with the post-call webhook: the stored call (a 16-bit mono WAV) as one MP3,
// base64 in the event as the public API sends it. The call is recorded at 16 kHz, so the MP3
// keeps that rate instead of inflating the file.

const CALL_MP3: OutputFormat = {
  id: 'mp3_16000_32',
  codec: 'mp3',
  sampleRate: 16_000,
  bitrateKbps: 32,
  contentType: 'audio/mpeg',
  fileExtension: 'mp3',
}

/** The post-call webhook settings in force: the agent's own override, else the workspace's. */
export function postCallWebhooksOf(workspace: JsonObject, agentSettings: JsonObject) {
  const own = pathOf(agentSettings, 'workspace_overrides', 'webhooks')
  const shared = pathOf(workspace, 'webhooks')
  const pick = (key: string): unknown => pathOf(own, key) ?? pathOf(shared, key)
  const webhookId = pick('post_call_webhook_id')
  const events = pick('events')
  return {
    webhookId: typeof webhookId === 'string' && webhookId ? webhookId : null,
    // `send_audio` is the older spelling of asking for the audio event.
    audio: (Array.isArray(events) && events.includes(CONVAI_WEBHOOK_AUDIO)) || pick('send_audio') === true,
  }
}

/** The `post_call_audio` data of a recorded call, or null when it has no recording. */
export async function postCallAudioData(
  storage: FileStorage,
  row: { id: string; agent_id: string; audio_key: string | null },
): Promise<Record<string, unknown> | null> {
  const wav = row.audio_key ? await storage.get(row.audio_key) : null
  if (!wav) return null
  const mp3 = encodeWhole(CALL_MP3, samplesOfWav(wav))
  return {
    agent_id: row.agent_id,
    conversation_id: row.id,
    full_audio: Buffer.from(mp3).toString('base64'),
  }
}

/** The samples of a 16-bit PCM WAV (its `data` chunk found by walking the chunks). */
function samplesOfWav(wav: Buffer): Float32Array {
  let offset = 12
  while (offset + 8 <= wav.length) {
    const size = wav.readUInt32LE(offset + 4)
    if (wav.toString('ascii', offset, offset + 4) === 'data') {
      const end = Math.min(wav.length, offset + 8 + size)
      const samples = new Float32Array(Math.floor((end - offset - 8) / 2))
      for (let i = 0; i < samples.length; i++) samples[i] = wav.readInt16LE(offset + 8 + i * 2) / 32768
      return samples
    }
    offset += 8 + size + (size % 2)
  }
  return new Float32Array(0)
}
