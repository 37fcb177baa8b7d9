import type { TranscriptExportOptions } from '@timbre/contract'
import type { Cue } from './cues.js'
import { speakerOf } from './segments.js'
import { wholeSeconds } from './timecode.js'

// Plain text: one paragraph per segment, a blank line between paragraphs, lines wrapped at
// max_characters_per_line. A paragraph may open with its start time and speaker:
// "[00:01:05] Speaker 2: ...".

export function toPlainText(cues: readonly Cue[], options: TranscriptExportOptions): string {
  return cues
    .map((cue) => {
      const head = [
        options.include_timestamps && cue.start !== null ? `[${wholeSeconds(cue.start)}]` : '',
        options.include_speakers && cue.speaker ? `${speakerOf(cue)}:` : '',
      ]
        .filter(Boolean)
        .join(' ')
      const lines = [...cue.lines]
      if (head) lines[0] = `${head} ${lines[0]}`
      return lines.join('\n')
    })
    .join('\n\n')
}
