import { describe, expect, it } from 'vitest'
import { pcmBase64, readServerMessage, realtimeUrl } from './dictation-socket'

describe('the dictation socket', () => {
  it('opens on the page’s own host, wss under https, with the rate and the VAD commit strategy', () => {
    const url = new URL(realtimeUrl({ protocol: 'https:', host: 'timbre.example:8443' }, 16_000))
    expect(url.protocol).toBe('wss:')
    expect(url.host).toBe('timbre.example:8443')
    expect(url.pathname).toBe('/v1/speech-to-text/realtime')
    expect(url.searchParams.get('audio_format')).toBe('pcm_16000')
    expect(url.searchParams.get('commit_strategy')).toBe('vad')
    expect(realtimeUrl({ protocol: 'http:', host: 'localhost' }, 48_000)).toMatch(
      /^ws:\/\/localhost\/.*pcm_48000/,
    )
  })

  it('sends 16-bit samples as base64 of their little-endian bytes, large chunks included', () => {
    const samples = new Int16Array([1, -1, 0x7fff, -0x8000])
    expect(pcmBase64(samples.buffer)).toBe(btoa(String.fromCharCode(1, 0, 0xff, 0xff, 0xff, 0x7f, 0, 0x80)))
    const long = new Int16Array(100_000).fill(0x0101)
    expect(atob(pcmBase64(long.buffer)).length).toBe(200_000)
  })

  it('reads partial and committed transcripts and errors, and ignores what it does not show', () => {
    expect(readServerMessage('{"message_type":"session_started","session_id":"s"}')).toEqual({
      type: 'started',
    })
    expect(readServerMessage('{"message_type":"partial_transcript","text":"hel"}')).toEqual({
      type: 'partial',
      text: 'hel',
    })
    expect(readServerMessage('{"message_type":"committed_transcript","text":"hello"}')).toEqual({
      type: 'committed',
      text: 'hello',
    })
    expect(readServerMessage('{"message_type":"input_error","error":"bad"}')).toEqual({
      type: 'error',
      message: 'bad',
    })
    expect(readServerMessage('{"message_type":"committed_transcript_with_timestamps","text":"x"}')).toBeNull()
    expect(readServerMessage('not json')).toBeNull()
  })
})
