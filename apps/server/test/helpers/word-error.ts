// How far a transcript is from the text that was spoken, for the tests that listen to speech.

/** The words of a text, lower case, without punctuation. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z' ]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
}

/** Word error rate: the edit distance between the word sequences over the reference's length. */
export function wordErrorRate(reference: string[], hypothesis: string[]): number {
  const d = Array.from({ length: reference.length + 1 }, (_, i) => [
    i,
    ...Array<number>(hypothesis.length).fill(0),
  ])
  for (let j = 1; j <= hypothesis.length; j++) d[0]![j] = j
  for (let i = 1; i <= reference.length; i++)
    for (let j = 1; j <= hypothesis.length; j++)
      d[i]![j] = Math.min(
        d[i - 1]![j]! + 1,
        d[i]![j - 1]! + 1,
        d[i - 1]![j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1),
      )
  return d[reference.length]![hypothesis.length]! / reference.length
}
