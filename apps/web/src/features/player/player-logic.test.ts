import { PLAYER_SPEEDS, SEEK_STEP } from '@timbre/contract'
import { describe, expect, it } from 'vitest'
import { feedbackBody, feedbackLength, feedbackTextProblem } from './feedback-form'
import { feedbackLocked, feedbackVisible } from './feedback-timing'
import {
  downloadFileName,
  extensionForContentType,
  extensionForFormat,
  generatedDownloadName,
  modelSuffix,
  savedFileName,
  settingsSuffix,
  withExtension,
} from './file-name'
import { historyPollDelays, pollHistoryItem } from './history-poll'
import { computePeaks } from './peaks'
import {
  clampTime,
  displayDuration,
  estimateDurationSeconds,
  formatTime,
  fractionOf,
  knownDuration,
  skipTime,
  timeAtFraction,
} from './player-math'

describe('seek and skip', () => {
  it('maps the 0..1 slider to time and back, snapped to the 0.005 step', () => {
    expect(SEEK_STEP).toBe(0.005)
    expect(timeAtFraction(0.5, 20)).toBe(10)
    expect(timeAtFraction(1.4, 20)).toBe(20)
    expect(timeAtFraction(-1, 20)).toBe(0)
    expect(fractionOf(10, 20)).toBe(0.5)
    expect(fractionOf(1.2345, 10)).toBeCloseTo(0.125, 10)
    expect(fractionOf(3, 0)).toBe(0)
    expect(fractionOf(30, 20)).toBe(1)
  })

  it('skips inside the audio', () => {
    expect(skipTime(5, 10, 12)).toBe(12)
    expect(skipTime(5, -10, 12)).toBe(0)
    expect(skipTime(5, 3, 12)).toBe(8)
    expect(clampTime(Number.NaN, 12)).toBe(0)
  })

  it('offers the five speeds', () => {
    expect(PLAYER_SPEEDS).toEqual([0.8, 1, 1.2, 1.5, 2])
  })
})

describe('duration', () => {
  it('estimates 140 words per minute while the real duration is unknown', () => {
    const words = Array.from({ length: 140 }, () => 'word').join(' ')
    expect(estimateDurationSeconds(words)).toBe(60)
    expect(estimateDurationSeconds('  ')).toBe(0)
    expect(estimateDurationSeconds('hi')).toBe(1)
    expect(displayDuration(Number.POSITIVE_INFINITY, words)).toBe(60)
    expect(displayDuration(Number.NaN, words)).toBe(60)
    expect(displayDuration(4.2, words)).toBe(4.2)
    expect(knownDuration(0)).toBeNull()
  })

  it('formats times', () => {
    expect(formatTime(0)).toBe('0:00')
    expect(formatTime(9.9)).toBe('0:09')
    expect(formatTime(75)).toBe('1:15')
    expect(formatTime(3725)).toBe('1:02:05')
    expect(formatTime(Number.NaN)).toBe('0:00')
  })
})

describe('feedback', () => {
  it('shows the controls after 3 s of playback or at the end', () => {
    expect(feedbackVisible(0, false)).toBe(false)
    expect(feedbackVisible(3, false)).toBe(false)
    expect(feedbackVisible(3.01, false)).toBe(true)
    expect(feedbackVisible(1.5, true)).toBe(true)
  })

  it('locks reviewed feedback', () => {
    expect(feedbackLocked(null)).toBe(false)
    expect(feedbackLocked({ review_status: 'not_reviewed' })).toBe(false)
    expect(feedbackLocked({ review_status: 'reviewed' })).toBe(true)
  })

  it('accepts empty or 20 to 200 characters with a thumbs up', () => {
    expect(feedbackTextProblem('')).toBeNull()
    expect(feedbackTextProblem('   ')).toBeNull()
    expect(feedbackTextProblem('a'.repeat(19))).toBe('tooShort')
    expect(feedbackTextProblem(` ${'a'.repeat(20)} `)).toBeNull()
    expect(feedbackTextProblem('a'.repeat(200))).toBeNull()
    expect(feedbackTextProblem('a'.repeat(201))).toBe('tooLong')
    // Characters are code points: 20 emoji are 20 characters.
    expect(feedbackLength('😀'.repeat(20))).toBe(20)
    expect(feedbackTextProblem('😀'.repeat(20))).toBeNull()
  })

  it('has no minimum with a thumbs down', () => {
    expect(feedbackTextProblem('short', false)).toBeNull()
    expect(feedbackTextProblem('a'.repeat(201), false)).toBe('tooLong')
  })

  it('builds the request body; a thumbs up carries no reasons', () => {
    expect(feedbackBody(false, ' slow ', ['glitches', 'other'])).toEqual({
      thumbs_up: false,
      feedback: 'slow',
      emotions: false,
      inaccurate_clone: false,
      glitches: true,
      audio_quality: false,
      other: true,
    })
    expect(feedbackBody(true, '', ['glitches']).glitches).toBe(false)
  })
})

describe('history poll', () => {
  it('waits 1 s, then tries up to 10 times 5 s apart', () => {
    expect(historyPollDelays()).toEqual([1000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000, 5000])
  })

  it('returns the item once a lookup succeeds', async () => {
    const waits: number[] = []
    let calls = 0
    const found = await pollHistoryItem(
      async () => {
        calls++
        if (calls < 3) throw new Error('not yet')
        return 'item'
      },
      { sleep: async (ms) => void waits.push(ms) },
    )
    expect(found).toBe('item')
    expect(waits).toEqual([1000, 5000, 5000])
  })

  it('gives up with null after the tenth failure', async () => {
    let calls = 0
    const found = await pollHistoryItem(
      async () => {
        calls++
        throw new Error('never')
      },
      { sleep: async () => {} },
    )
    expect(found).toBeNull()
    expect(calls).toBe(10)
  })
})

describe('file names', () => {
  it('appends or replaces the extension of the output format, MP3 by default', () => {
    expect(extensionForFormat(null)).toBe('mp3')
    expect(extensionForFormat('wav_44100')).toBe('wav')
    expect(withExtension('speech', 'mp3')).toBe('speech.mp3')
    expect(withExtension('speech.wav', 'mp3')).toBe('speech.mp3')
    expect(withExtension('speech.mp3', 'mp3')).toBe('speech.mp3')
  })

  it('refuses a download of an unknown content type', () => {
    expect(extensionForContentType('audio/mpeg')).toBe('mp3')
    expect(extensionForContentType('application/zip')).toBe('zip')
    expect(() => extensionForContentType('text/html; charset=utf-8')).toThrow(
      "Invalid response type received: 'text/html' is not supported.",
    )
  })

  it('cleans saved and download names', () => {
    expect(savedFileName('a/b\\c:d*e?f"g<h>i|j  k')).toBe('abcdefghij_k')
    expect(savedFileName('x'.repeat(30))).toHaveLength(20)
    expect(downloadFileName('Hello, world! é_1')).toBe('Helloworldé_1')
    expect(downloadFileName('y'.repeat(300))).toHaveLength(255)
  })

  it('builds the generated download name', () => {
    expect(
      settingsSuffix({ stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true }),
    ).toBe('s50_sb75_se0_b')
    expect(modelSuffix('eleven_multilingual_v2')).toBe('m2')
    expect(modelSuffix('eleven_turbo_v2_5')).toBe('t25')
    expect(modelSuffix('eleven_v3')).toBe('v3')
    const name = generatedDownloadName({
      date: new Date('2026-03-04T05:06:07.890Z'),
      voiceName: 'Ada Lovelace',
      category: 'premade',
      settings: { stability: 0.5, similarity_boost: 0.75, style: 0, use_speaker_boost: true },
      modelId: 'eleven_multilingual_v2',
      extension: 'mp3',
    })
    expect(name).toBe('Timbre_2026_03_04T05_06_07_Ada_Lovelace_pre_s50_sb75_se0_b_m2.mp3')
    expect(generatedDownloadName({ date: new Date(0), extension: 'zip', isbn: '978-3-16' })).toBe(
      '978316_Timbre_1970_01_01T00_00_00.zip',
    )
  })
})

describe('waveform peaks', () => {
  it('keeps the loudest sample of each slice, scaled to 1', () => {
    expect(computePeaks([0, 0.5, -1, 0.25], 2)).toEqual([0.5, 1])
    expect(computePeaks([0, 0, 0], 3)).toEqual([0, 0, 0])
    expect(computePeaks([0.2], 8)).toEqual([1])
    expect(computePeaks([], 8)).toEqual([])
  })
})
