import { AppError } from '../../../errors.js'
import type { SegmentRow } from '../dubbing.repository.js'

// Where a segment may be: its end after its start, not past the original media, and not over
// another segment. In the source, a segment may not overlap another of the same speaker (two
// speakers may talk at once); in a dubbed language, it may not overlap any other segment's dub
// in that language, since their clips would play over each other.

const EPSILON = 1e-6

export function checkPlacement(input: {
  segments: SegmentRow[]
  segmentId: string | null
  speakerId: string
  language: string | null
  start: number
  end: number
  mediaSeconds: number
}): void {
  const { start, end } = input
  if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0 || end <= start)
    throw new AppError('dubbing_end_before_start', { param: 'end_time' })
  if (end > input.mediaSeconds + EPSILON)
    throw new AppError('dubbing_segment_after_media', { param: 'end_time' })
  for (const other of input.segments) {
    if (other.id === input.segmentId) continue
    let otherStart = other.start_time
    let otherEnd = other.end_time
    if (input.language) {
      const dub = other.dubs[input.language]
      if (!dub) continue
      otherStart = dub.start_time
      otherEnd = dub.end_time
    } else if (other.speaker_id !== input.speakerId) continue
    if (start < otherEnd - EPSILON && otherStart < end - EPSILON)
      throw new AppError('dubbing_segment_overlap', { param: 'start_time' })
  }
}
