/** The words of a transcript for scoring: lower case letters and apostrophes. */
export function scoringWords(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
}

/** Word error rate: the edit distance between the word sequences over the reference's length. */
export function wordErrorRate(reference: string, hypothesis: string): number {
  const ref = scoringWords(reference)
  const hyp = scoringWords(hypothesis)
  let previous = Array.from({ length: hyp.length + 1 }, (_, j) => j)
  for (let i = 1; i <= ref.length; i++) {
    const row = [i]
    for (let j = 1; j <= hyp.length; j++)
      row[j] = Math.min(
        previous[j]! + 1,
        row[j - 1]! + 1,
        previous[j - 1]! + (ref[i - 1] === hyp[j - 1] ? 0 : 1),
      )
    previous = row
  }
  return previous[hyp.length]! / Math.max(1, ref.length)
}
