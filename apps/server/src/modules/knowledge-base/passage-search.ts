import MiniSearch from 'minisearch'
import { stemmer } from 'stemmer'

// Finding the passages that answer a question. Words are matched by BM25 (MiniSearch's BM25+
// scoring, with English stemming so "refunds" finds "refund" and common words ignored), and
// when the passages have vectors from an embeddings model, the vector ranking is fused with the
// word ranking by reciprocal rank, so a passage either method ranks high comes first.

export interface Passage {
  documentId: string
  chunkId: string
  name: string
  /** The name of the passage's document. */
  title: string
  text: string
  /** The passage's embedding, when its index has one. */
  vector?: number[] | undefined
}

export interface Found {
  documentId: string
  chunkId: string
  text: string
  score: number
}

const STOPWORDS = new Set(
  (
    'a an and are as at be but by can could did do does for from had has have how i if in into is it its ' +
    'me my of on or our so than that the their them then there these they this to was we were what when ' +
    'where which who why will with would you your yours about after before also any just not no only own ' +
    'same some such too very am been being both each few more most other off out over under again ' +
    'further once here all any up down' +
    // Words of asking rather than of the subject: "how do I get", "can I put", "I want to".
    ' get got put take make want need much many way tell know please possible thing anything something'
  ).split(' '),
)

/** A word as it is indexed and searched: lower case, stemmed when it is plain English letters. */
export function searchTerm(word: string): string | null {
  const lower = word.toLowerCase()
  if (STOPWORDS.has(lower)) return null
  return /^[a-z]+$/.test(lower) ? stemmer(lower) : lower
}

/** Reciprocal rank fusion's constant: ranks deep in a list still count, but little. */
const RRF_K = 60

function cosine(a: number[], b: number[]): number {
  let dot = 0
  let na = 0
  let nb = 0
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i] ?? 0
    const y = b[i] ?? 0
    dot += x * y
    na += x * x
    nb += y * y
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb)
}

/** The BM25 ranking of the passages for a question (best first, only those sharing a word). */
export function rankByWords(passages: Passage[], query: string): { index: number; score: number }[] {
  const search = new MiniSearch<{ id: number; title: string; text: string }>({
    fields: ['title', 'text'],
    processTerm: searchTerm,
  })
  search.addAll(passages.map((p, id) => ({ id, title: p.title, text: p.text })))
  // A document's name says what all of it is about: a word of it counts double.
  return search
    .search(query, { boost: { title: 2 }, combineWith: 'OR' })
    .map((hit) => ({ index: Number(hit.id), score: hit.score }))
}

/** The passages that best answer `query`, best first, at most `limit`. */
export function findPassages(
  passages: Passage[],
  query: string,
  limit: number,
  queryVector?: number[] | null,
): Found[] {
  const words = rankByWords(passages, query)
  const found = (index: number, score: number): Found => {
    const p = passages[index] as Passage
    return { documentId: p.documentId, chunkId: p.chunkId, text: p.text, score }
  }
  const withVectors = queryVector ? passages.filter((p) => p.vector) : []
  if (!queryVector || withVectors.length === 0)
    return words.slice(0, limit).map((w) => found(w.index, w.score))
  const byVector = passages
    .map((p, index) => ({ index, similarity: p.vector ? cosine(queryVector, p.vector) : -Infinity }))
    .filter((v) => v.similarity > -Infinity)
    .sort((a, b) => b.similarity - a.similarity)
  const fused = new Map<number, number>()
  for (const ranking of [words, byVector])
    for (const [rank, item] of ranking.entries())
      fused.set(item.index, (fused.get(item.index) ?? 0) + 1 / (RRF_K + rank + 1))
  return [...fused.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([index, score]) => found(index, score))
}
