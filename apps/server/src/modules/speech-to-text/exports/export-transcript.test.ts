import { TRANSCRIPT_EXPORT_DEFAULTS, type TranscriptExportFormat } from '@timbre/contract'
import mammoth from 'mammoth'
import { extractText, getDocumentProxy } from 'unpdf'
import { describe, expect, it } from 'vitest'
import type { ApiWord } from '../transcript-words.js'
import {
  ExportOptionError,
  readExportQuery,
  readExportRequest,
  readExportRequests,
} from './export-options.js'
import { exportTranscript } from './export-transcript.js'
import { fontRuns, STANDARD_FONT } from './pdf-fonts.js'
import type { ExportTranscript } from './segments.js'

// Each writer on a small transcript of two speakers with a pause, an audio event and text that
// HTML and WebVTT must escape; DOCX and PDF are read back with a Word reader and a PDF reader.

/** `[text, start, end, speaker]` rows become the public word list, spacing between words. */
function transcript(rows: Array<[string, number | null, number | null, string | null, ApiWord['type']?]>) {
  const words: ApiWord[] = []
  rows.forEach(([text, start, end, speaker, type = 'word'], i) => {
    if (i > 0)
      words.push({
        text: ' ',
        start: rows[i - 1]![2],
        end: start,
        type: 'spacing',
        speaker_id: speaker,
        logprob: 0,
        characters: null,
      })
    words.push({ text, start, end, type, speaker_id: speaker, logprob: -0.1, characters: null })
  })
  return { transcription_id: 'tr_1', language_code: 'eng', words } satisfies ExportTranscript
}

const dialogue = transcript([
  ['Hello', 0.5, 0.9, 'speaker_0'],
  ['there', 1.0, 1.234, 'speaker_0'],
  ['(laughter)', 1.3, 1.8, null, 'audio_event'],
  ['fish', 4.0, 4.4, 'speaker_1'],
  ['<b>&chips', 4.5, 5.25, 'speaker_1'],
])

const exported = (
  t: ExportTranscript,
  format: TranscriptExportFormat,
  options: Record<string, unknown> = {},
) => exportTranscript(t, readExportRequest({ format, ...options }, 'test'))

describe('export options', () => {
  it('fills in the defaults and reads both the API names and the SDK names', () => {
    expect(readExportRequest({ format: 'srt' }, 'x')).toEqual({
      format: 'srt',
      options: TRANSCRIPT_EXPORT_DEFAULTS.srt,
    })
    const both = readExportRequests([
      { format: 'txt', include_speakers: false, max_characters_per_line: 20 },
      { format: 'txt', includeSpeakers: false, maxCharactersPerLine: 20 },
    ])
    expect(both[0]).toEqual(both[1])
    expect(both[0]!.options.max_characters_per_line).toBe(20)
    expect(
      readExportRequest({ format: 'srt', max_segment_chars: null }, 'x').options.max_segment_chars,
    ).toBeNull()
  })

  it.each([
    [{ format: 'mp4' }, 'format must be one of srt, vtt, txt, segmented_json, docx, pdf, html'],
    [{}, 'format must be one of'],
    ['srt', 'must be an object'],
    [{ format: 'srt', max_segment_duration_s: -1 }, 'max_segment_duration_s must be more than 0'],
    [{ format: 'srt', max_segment_chars: 2.5 }, 'max_segment_chars must be a whole number'],
    [{ format: 'srt', max_segment_chars: '40' }, 'max_segment_chars must be a number'],
    [{ format: 'srt', include_speakers: 'yes' }, 'include_speakers must be true or false'],
    [{ format: 'srt', max_characters_per_line: 3 }, 'max_characters_per_line must be between 10 and 1000'],
    [{ format: 'pdf', max_characters_per_line: 40 }, 'pdf has no option max_characters_per_line'],
    [{ format: 'srt', include_speakers: true, includeSpeakers: false }, 'include_speakers is given twice'],
  ])('refuses %j', (entry, message) => {
    expect(() => readExportRequest(entry, 'additional_formats[0]')).toThrow(ExportOptionError)
    expect(() => readExportRequest(entry, 'additional_formats[0]')).toThrow(message)
  })

  it('reads the download query: true, false, null and numbers from text', () => {
    expect(
      readExportQuery({
        format: 'srt',
        include_speakers: 'true',
        max_segment_chars: 'null',
        max_segment_duration_s: '2.5',
        max_characters_per_line: undefined,
      }),
    ).toEqual({
      format: 'srt',
      options: {
        ...TRANSCRIPT_EXPORT_DEFAULTS.srt,
        include_speakers: true,
        max_segment_chars: null,
        max_segment_duration_s: 2.5,
      },
    })
    expect(() => readExportQuery({ format: 'srt', max_segment_chars: '' })).toThrow(
      'query: max_segment_chars must be a number.',
    )
    expect(() => readExportQuery({ format: 'srt', max_segment_chars: 'ten' })).toThrow('must be a number')
  })

  it('refuses anything but an array', () => {
    expect(() => readExportRequests({ format: 'srt' })).toThrow('additional_formats must be a JSON array.')
  })
})

describe('subtitles', () => {
  it('writes SubRip cues with comma milliseconds, split at the pause', async () => {
    const srt = await exported(dialogue, 'srt')
    expect(srt).toMatchObject({
      file_extension: 'srt',
      content_type: 'application/x-subrip',
      is_base64_encoded: false,
    })
    expect(srt.content).toBe(
      '1\n00:00:00,500 --> 00:00:01,800\nHello there (laughter)\n\n' +
        '2\n00:00:04,000 --> 00:00:05,250\nfish <b>&chips\n',
    )
  })

  it('names speakers and wraps lines when asked', async () => {
    const srt = await exported(dialogue, 'srt', { include_speakers: true, max_characters_per_line: 10 })
    expect(srt.content).toBe(
      '1\n00:00:00,500 --> 00:00:01,234\nSpeaker 1: Hello\nthere\n\n' +
        '2\n00:00:01,300 --> 00:00:01,800\n(laughter)\n\n' +
        '3\n00:00:04,000 --> 00:00:05,250\nSpeaker 2: fish\n<b>&chips\n',
    )
  })

  it('writes WebVTT with full-stop milliseconds, voice tags and escaped text', async () => {
    const vtt = await exported(dialogue, 'vtt', { include_speakers: true })
    expect(vtt.content).toBe(
      'WEBVTT\n\n00:00:00.500 --> 00:00:01.234\n<v Speaker 1>Hello there\n\n' +
        '00:00:01.300 --> 00:00:01.800\n(laughter)\n\n' +
        '00:00:04.000 --> 00:00:05.250\n<v Speaker 2>fish &lt;b&gt;&amp;chips\n',
    )
  })

  it('writes hours past the first and refuses a transcript without times', async () => {
    const long = transcript([['late', 3723.0456, 3724.5, null]])
    expect((await exported(long, 'srt')).content).toContain('01:02:03,046 --> 01:02:04,500')
    const untimed = transcript([['late', null, null, null]])
    await expect(exported(untimed, 'vtt')).rejects.toThrow('vtt subtitles need word times')
  })
})

describe('documents', () => {
  it('writes plain text paragraphs with times and speakers when asked', async () => {
    expect((await exported(dialogue, 'txt')).content).toBe(
      'Speaker 1: Hello there\n\n(laughter)\n\nSpeaker 2: fish <b>&chips',
    )
    const plain = await exported(dialogue, 'txt', {
      include_speakers: false,
      include_timestamps: true,
      max_characters_per_line: 10,
      segment_on_silence_longer_than_s: null,
    })
    expect(plain.content).toBe('[00:00:00] Hello\nthere\n(laughter)\nfish\n<b>&chips')
  })

  it('writes segmented JSON with segments, words and times in seconds', async () => {
    const json = await exported(dialogue, 'segmented_json')
    expect(json).toMatchObject({ file_extension: 'json', content_type: 'application/json' })
    const parsed = JSON.parse(json.content)
    expect(parsed.language_code).toBe('eng')
    expect(parsed.segments.map((s: { text: string }) => s.text)).toEqual([
      'Hello there',
      '(laughter)',
      'fish <b>&chips',
    ])
    expect(parsed.segments[0]).toEqual({
      text: 'Hello there',
      start_time: 0.5,
      end_time: 1.234,
      speaker: 'speaker_0',
      words: [
        { text: 'Hello', start_time: 0.5, end_time: 0.9, type: 'word', speaker: 'speaker_0' },
        { text: 'there', start_time: 1, end_time: 1.234, type: 'word', speaker: 'speaker_0' },
      ],
    })
    expect(parsed.segments[1].words[0].type).toBe('audio_event')
    const bare = JSON.parse(
      (await exported(dialogue, 'segmented_json', { include_speakers: false, include_timestamps: false }))
        .content,
    )
    expect(bare.segments[0]).toEqual({
      text: 'Hello there (laughter)',
      words: [
        { text: 'Hello', type: 'word' },
        { text: 'there', type: 'word' },
        { text: '(laughter)', type: 'audio_event' },
      ],
    })
    expect(bare.segments[1].text).toBe('fish <b>&chips')
  })

  it('writes HTML with every piece of text escaped', async () => {
    const html = await exported({ ...dialogue, transcription_id: '"><script>' }, 'html')
    expect(html).toMatchObject({
      file_extension: 'html',
      content_type: 'text/html',
      is_base64_encoded: false,
    })
    expect(html.content).toMatch(/^<!DOCTYPE html>/)
    expect(html.content).toContain(
      '<p data-start="4" data-end="5.25"><span class="time">00:00:04</span> <span class="speaker">Speaker 2:</span> fish &lt;b&gt;&amp;chips</p>',
    )
    expect(html.content).toContain('<title>Transcript &quot;&gt;&lt;script&gt;</title>')
    expect(html.content).not.toContain('<b>')
    expect(html.content).not.toContain('<script>')
  })

  it('writes a Word document that reads back with its paragraphs', async () => {
    const docx = await exported(dialogue, 'docx')
    expect(docx.is_base64_encoded).toBe(true)
    expect(docx.file_extension).toBe('docx')
    const bytes = Buffer.from(docx.content, 'base64')
    expect(bytes.subarray(0, 2).toString()).toBe('PK')
    const { value } = await mammoth.extractRawText({ buffer: bytes })
    const paragraphs = value.split('\n').filter(Boolean)
    expect(paragraphs).toEqual([
      'Transcript',
      '00:00:00 Speaker 1: Hello there',
      '00:00:01 (laughter)',
      '00:00:04 Speaker 2: fish <b>&chips',
    ])
  })

  async function pdfText(content: string): Promise<string> {
    const bytes = Buffer.from(content, 'base64')
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    const pdf = await getDocumentProxy(new Uint8Array(bytes))
    return (await extractText(pdf, { mergePages: true })).text
  }

  it('writes a PDF whose text reads back', async () => {
    const pdf = await exported(dialogue, 'pdf')
    expect(pdf).toMatchObject({
      file_extension: 'pdf',
      content_type: 'application/pdf',
      is_base64_encoded: true,
    })
    const text = await pdfText(pdf.content)
    expect(text).toContain('Transcript')
    expect(text).toContain('00:00:00 Speaker 1')
    expect(text).toContain('Hello there')
    expect(text).toContain('fish <b>&chips')
  })

  it('draws text outside Windows-1252 with a Unicode font, and never garbles it', async () => {
    const world = transcript([
      ['café', 0, 0.5, null],
      ['Привет', 0.6, 1, null],
      ['日本語', 1.1, 1.5, null],
    ])
    const text = await pdfText((await exported(world, 'pdf')).content)
    expect(text).toContain('café')
    // Each script reads back as itself when a font for it is installed, otherwise as "?".
    expect(text).toMatch(/Привет|\?{6}/)
    console.log(`PDF text of other scripts: ${text.replace(/\s+/g, ' ')}`)
    expect(text).toMatch(/日本語|\?{3}/)
  })
})

describe('PDF font runs', () => {
  it('keeps Windows-1252 text in Helvetica and draws "?" for what no installed font has', () => {
    expect(fontRuns('a€é日b', [])).toEqual([{ font: STANDARD_FONT, text: 'a€é?b' }])
    const japanese = { path: '/fonts/jp.ttf', has: (cp: number) => cp >= 0x3000 }
    expect(fontRuns('a日本b', [japanese])).toEqual([
      { font: STANDARD_FONT, text: 'a' },
      { font: '/fonts/jp.ttf', text: '日本' },
      { font: STANDARD_FONT, text: 'b' },
    ])
  })
})
