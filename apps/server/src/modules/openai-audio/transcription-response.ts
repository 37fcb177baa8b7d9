import type { OpenAiTranscriptionFormat } from '@timbre/contract'
import type { TranscriptBody } from '../speech-to-text/speech-to-text.module.js'

// A transcript in the shapes OpenAI's `response_format` names. Segments are the spoken stretches
// between pauses, as Whisper's are; OpenAI's decoder statistics that have no counterpart here
// (tokens, compression ratio) are given their neutral values.

/** A pause at least this long between two words starts a new segment. */
const SEGMENT_PAUSE_SECONDS = 0.5

interface TimedWord {
  word: string
  start: number
  end: number
  logprob: number
}

function spokenWords(body: TranscriptBody): TimedWord[] {
  return body.words
    .filter((w) => w.type === 'word' && w.start !== null && w.end !== null)
    .map((w) => ({ word: w.text, start: w.start ?? 0, end: w.end ?? 0, logprob: w.logprob }))
}

function segmentsOf(words: TimedWord[]) {
  const groups: TimedWord[][] = []
  for (const word of words) {
    const current = groups[groups.length - 1]
    const last = current?.[current.length - 1]
    if (current && last && word.start - last.end < SEGMENT_PAUSE_SECONDS) current.push(word)
    else groups.push([word])
  }
  return groups.map((group, id) => ({
    id,
    seek: 0,
    start: group[0]?.start ?? 0,
    end: group[group.length - 1]?.end ?? 0,
    text: group.map((w) => w.word).join(' '),
    tokens: [] as number[],
    temperature: 0,
    avg_logprob: group.reduce((sum, w) => sum + w.logprob, 0) / group.length,
    compression_ratio: 1,
    no_speech_prob: 0,
  }))
}

/** OpenAI names the language in words ("english"), not by code. */
function languageName(code: string): string {
  try {
    return (new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code).toLowerCase()
  } catch {
    return code
  }
}

export interface OpenAiTranscription {
  contentType: string
  body: string | object
}

export function openAiTranscription(
  body: TranscriptBody,
  format: OpenAiTranscriptionFormat,
  granularities: readonly string[],
): OpenAiTranscription {
  const usage = { type: 'duration', seconds: Math.ceil(body.audio_duration_secs) }
  if (format === 'text') return { contentType: 'text/plain; charset=utf-8', body: body.text }
  if (format === 'srt' || format === 'vtt') {
    const content = body.additional_formats?.find((f) => f.requested_format === format)?.content ?? ''
    const type = format === 'srt' ? 'application/x-subrip' : 'text/vtt'
    return { contentType: `${type}; charset=utf-8`, body: content }
  }
  if (format === 'json') return { contentType: 'application/json', body: { text: body.text, usage } }
  const words = spokenWords(body)
  // Segments are OpenAI's default detail; words come when asked for.
  const wantSegments = granularities.length === 0 || granularities.includes('segment')
  return {
    contentType: 'application/json',
    body: {
      task: 'transcribe',
      language: languageName(body.language_code),
      duration: body.audio_duration_secs,
      text: body.text,
      ...(granularities.includes('word')
        ? { words: words.map(({ word, start, end }) => ({ word, start, end })) }
        : {}),
      ...(wantSegments ? { segments: segmentsOf(words) } : {}),
      usage,
    },
  }
}
