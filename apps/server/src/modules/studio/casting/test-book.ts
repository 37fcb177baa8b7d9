// A short novel written for the casting tests: three characters (Anna, Marcus, Elena) and a
// narrator, in the ways books attribute speech: "said Anna", "Anna asked", "asked Marcus",
// "Elena said:" before the line, adverbs, action beats, pronouns, and runs of unattributed
// turns between two people. Each quote carries who truly says it, so a test can score a guess.

type Part = string | { by: 'Anna' | 'Marcus' | 'Elena'; line: string }
type Paragraph = Part[]

const A = (line: string) => ({ by: 'Anna' as const, line })
const M = (line: string) => ({ by: 'Marcus' as const, line })
const E = (line: string) => ({ by: 'Elena' as const, line })

const chapterOne: Paragraph[] = [
  ['The rain had not stopped for three days when the letter arrived at the farmhouse.'],
  [A('“Marcus, come and look at this,”'), ' said Anna, holding the envelope to the lamp.'],
  [M('“What is it?”'), ' Marcus asked. ', M('“Another bill?”')],
  [A('“It’s from Elena. She’s coming home.”')],
  [M('“After all these years?”')],
  [A('“After all these years,”'), ' Anna repeated quietly.'],
  ['Marcus went to the window and watched the road. The word “home” hung between them.'],
  [M('“She won’t stay,”'), ' he said at last.'],
  [A('“You don’t know that.”')],
  [M('“I know her better than you do.”')],
  ['Anna folded the letter. ', A('“Then you’ll be the one to meet her at the station.”')],
  [M('“Fine,”'), ' replied Marcus. ', M('“But I won’t pretend to be glad.”')],
]

const chapterTwo: Paragraph[] = [
  ['The train was late. Marcus waited on the platform with his collar turned up.'],
  ['When Elena stepped down, she looked smaller than he remembered.'],
  [E('“Hello, Marcus.”')],
  [M('“Elena.”'), ' He took her bag without another word.'],
  [E('“You could at least pretend to be pleased,”'), ' Elena said.'],
  [M('“I could,”'), ' said Marcus. ', M('“I won’t.”')],
  ['Elena laughed, a short dry sound. ', E('“Still the same. Is Anna well?”')],
  [M('“She’s been waiting by the door since noon.”')],
  [E('“And you?”')],
  [M('“I have been waiting for the rain to stop.”')],
  ['They walked to the car in silence. At the gate, Elena stopped.'],
  ['Elena said: ', E('“I didn’t come back to fight, Marcus.”')],
  [M('“Then why did you come back?”'), ' he asked.'],
  [E('“For the farm. For Anna. Maybe for you, a little.”')],
]

const chapterThree: Paragraph[] = [
  ['Anna had set three places at the table, the way their mother used to.'],
  [A('“You’re here,”'), ' Anna whispered, and held her sister for a long time.'],
  [E('“I’m here.”')],
  [A('“Sit down, both of you. The soup is getting cold.”')],
  ['Marcus sat at the end of the table and said nothing.'],
  [E('“Marcus told me about the bank,”'), ' said Elena gently. ', E('“How bad is it?”')],
  [A('“Bad enough,”'), ' admitted Anna.'],
  [M('“We’ll sell the north field,”'), ' Marcus said. ', M('“It was always going to come to that.”')],
  [E('“No. We won’t sell anything.”')],
  [M('“And who will pay?”')],
  [E('“I will.”')],
  ['Anna looked from one to the other. ', A('“Can we at least finish supper first?”')],
  [E('“Of course,”'), ' Elena said, and smiled for the first time.'],
  [M('“Of course,”'), ' Marcus muttered.'],
  ['Outside, the rain finally stopped.'],
]

export const TEST_BOOK = [
  { name: 'The Letter', paragraphs: chapterOne },
  { name: 'The Station', paragraphs: chapterTwo },
  { name: 'Supper', paragraphs: chapterThree },
]

export const TEST_BOOK_CHARACTERS = ['Anna', 'Marcus', 'Elena'] as const

/** The book's chapters as plain paragraphs. */
export function testBookText(): Array<{ name: string; paragraphs: string[] }> {
  return TEST_BOOK.map((chapter) => ({
    name: chapter.name,
    paragraphs: chapter.paragraphs.map((parts) =>
      parts.map((part) => (typeof part === 'string' ? part : part.line)).join(''),
    ),
  }))
}

/** Each quote of the book, in reading order, with who truly says it. */
export function testBookLines(): Array<{ line: string; by: string }> {
  return TEST_BOOK.flatMap((chapter) =>
    chapter.paragraphs.flatMap((parts) =>
      parts.flatMap((part) => (typeof part === 'string' ? [] : [{ line: part.line, by: part.by }])),
    ),
  )
}
