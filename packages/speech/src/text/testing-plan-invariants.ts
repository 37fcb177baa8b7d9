// Checks every structural promise of a TextPlan; shared by the planner's tests.
// Returns a list of broken promises (empty when the plan is sound) so property tests can
// report the first counterexample with a readable reason.
import type { TextPlan } from './types.js'

export function planViolations(plan: TextPlan, maxSegmentChars: number): string[] {
  const problems: string[] = []
  const { normalized, normToOrig, original, segments } = plan
  if (normToOrig.length !== normalized.length * 2) problems.push('normToOrig has the wrong length')
  if (normalized !== normalized.trim()) problems.push('normalized has white space at an end')
  if (/\s{2,}|[\n\t\r]/.test(normalized)) problems.push('normalized has a white space run or a line break')
  let prevStart = 0
  let prevEnd = 0
  for (let i = 0; i < normalized.length; i++) {
    const start = normToOrig[2 * i] ?? -1
    const end = normToOrig[2 * i + 1] ?? -1
    if (!(start >= 0 && start < end && end <= original.length))
      problems.push(`char ${i} maps to [${start}, ${end})`)
    if (start < prevStart || end < prevEnd) problems.push(`mapping not monotonic at ${i}`)
    prevStart = start
    prevEnd = end
  }
  let rebuilt = ''
  let pos = 0
  let origStart = 0
  let origEnd = 0
  for (const [index, s] of segments.entries()) {
    const gap = normalized.slice(pos, s.normStart)
    if (s.normStart < pos || (gap !== '' && gap !== ' '))
      problems.push(`segment ${index} starts after gap ${JSON.stringify(gap)}`)
    if (s.normEnd < s.normStart) problems.push(`segment ${index} ends before it starts`)
    if (s.origEnd < s.origStart || s.origStart < origStart || s.origEnd < origEnd) {
      problems.push(`segment ${index} original range [${s.origStart}, ${s.origEnd}) out of order`)
    }
    origStart = s.origStart
    origEnd = s.origEnd
    rebuilt += gap
    if (s.kind === 'pause') {
      if (s.normStart !== s.normEnd) problems.push(`pause ${index} has text`)
      if (!(s.seconds > 0)) problems.push(`pause ${index} has no length`)
    } else {
      const text = normalized.slice(s.normStart, s.normEnd)
      if (s.text !== text) problems.push(`segment ${index} text differs from normalized`)
      if (text !== text.trim()) problems.push(`segment ${index} has white space at an end`)
      const pieces = s.pieces.map((p) => p.text).join('')
      if (pieces !== text) problems.push(`segment ${index} pieces do not make its text`)
      let piecePos = s.normStart
      for (const p of s.pieces) {
        if (p.normStart !== piecePos || normalized.slice(p.normStart, p.normEnd) !== p.text) {
          problems.push(`segment ${index} piece ranges are wrong`)
        }
        piecePos = p.normEnd
      }
      const onlyPhonemes = s.pieces.length === 1 && s.pieces[0]?.kind === 'phonemes'
      if (text.length > maxSegmentChars && !onlyPhonemes)
        problems.push(`segment ${index} has ${text.length} chars`)
      if (text.length > 0) {
        if (
          s.origStart !== normToOrig[2 * s.normStart] ||
          s.origEnd !== normToOrig[2 * (s.normEnd - 1) + 1]
        ) {
          problems.push(`segment ${index} original range does not match its characters`)
        }
      } else if (s.style.vocalization === undefined)
        problems.push(`segment ${index} is empty and says nothing`)
    }
    rebuilt += normalized.slice(s.normStart, s.normEnd)
    pos = s.normEnd
  }
  if (rebuilt !== normalized) problems.push('segments and gaps do not rebuild normalized')
  return problems
}
