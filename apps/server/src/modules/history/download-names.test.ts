import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseRange } from '../../lib/audio/audio-reply.js'
import {
  contentDisposition,
  downloadFileName,
  generatedDownloadName,
  isoBasicTimestamp,
  modelSuffix,
  savedFileName,
  settingsSuffix,
  uniqueFileNames,
} from './download-names.js'

describe('file names', () => {
  it('saved file names strip / \\ : * ? " < > |, collapse spaces to underscores, keep 20 characters', () => {
    expect(savedFileName('a/b\\c:d*e?f"g<h>i|j')).toBe('abcdefghij')
    expect(savedFileName('  Rachel   the  voice ')).toBe('Rachel_the_voice')
    expect(savedFileName('x'.repeat(30))).toBe('x'.repeat(20))
    // Never cuts a character in half.
    expect(savedFileName('😀'.repeat(25))).toBe('😀'.repeat(20))
  })

  it('download names keep word characters only (Unicode letters too), at most 255 with the extension', () => {
    expect(downloadFileName('Zoë_Łukasz-日本語 (v2)!', 'mp3')).toBe('Zoë_Łukasz日本語v2.mp3')
    expect(downloadFileName('x'.repeat(300), 'wav')).toHaveLength(255)
    expect(downloadFileName('***', 'mp3')).toBe('audio.mp3')
  })

  it('the generated name: prefix, ISO timestamp, name, category, settings, model, extension', () => {
    const name = generatedDownloadName({
      createdAt: new Date('2026-11-22T01:02:03.456Z'),
      name: 'Dr. Who?',
      category: 'professional',
      settings: { stability: 0.35, similarity_boost: 0.8, style: 0.1, use_speaker_boost: false, speed: 1.1 },
      modelId: 'eleven_v3',
      extension: 'wav',
    })
    expect(name).toBe('Timbre_20261122T010203Z_Dr_Who_pvc_s35_sb80_se10_sp110_v3.wav')
    expect(generatedDownloadName({ createdAt: new Date(0), name: 'history', extension: 'zip' })).toBe(
      'Timbre_19700101T000000Z_history.zip',
    )
  })

  it('suffixes', () => {
    expect(isoBasicTimestamp(new Date('2030-01-02T03:04:05Z'))).toBe('20300102T030405Z')
    expect(modelSuffix('eleven_multilingual_v2')).toBe('m2')
    expect(modelSuffix('eleven_flash_v2_5')).toBe('f2_5')
    expect(modelSuffix('eleven_new_model')).toBe('new_model')
    expect(settingsSuffix(null)).toBe('')
    expect(settingsSuffix({ stability: 1, use_speaker_boost: true })).toBe('s100_b')
  })

  it('generated names are always safe file names (property)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), fc.constantFrom('mp3', 'wav', 'zip'), (text, ext) => {
        const name = generatedDownloadName({ createdAt: new Date(), name: text, extension: ext })
        expect(name.length).toBeLessThanOrEqual(255)
        expect(name).toMatch(new RegExp(`^Timbre_\\d{8}T\\d{6}Z[\\p{L}\\p{M}\\p{N}_]*\\.${ext}$`, 'u'))
      }),
    )
  })

  it('names in one zip are unique', () => {
    expect(uniqueFileNames(['a.mp3', 'a.mp3', 'b.wav', 'a.mp3', 'a_2.mp3'])).toEqual([
      'a.mp3',
      'a_2.mp3',
      'b.wav',
      'a_3.mp3',
      'a_2_2.mp3',
    ])
  })

  it('Content-Disposition has an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('Zoë_1.mp3')).toBe(
      `attachment; filename="Zo__1.mp3"; filename*=UTF-8''Zo%C3%AB_1.mp3`,
    )
    expect(contentDisposition('a.mp3', 'inline')).toMatch(/^inline; /)
  })
})

describe('byte ranges', () => {
  it('parses single ranges and refuses what lies past the end', () => {
    expect(parseRange(undefined, 100)).toBeNull()
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 })
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 })
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 })
    expect(parseRange('bytes=50-1000', 100)).toEqual({ start: 50, end: 99 })
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable')
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable')
    expect(parseRange('bytes=9-1', 100)).toBeNull()
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull()
    expect(parseRange('items=0-1', 100)).toBeNull()
  })
})
