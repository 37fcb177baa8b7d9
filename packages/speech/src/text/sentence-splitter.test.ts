import { describe, expect, it } from 'vitest'
import { splitSentences } from './sentence-splitter.js'

function sentences(text: string, language: string): string[] {
  return splitSentences(text, language).map((r) => text.slice(r.start, r.end))
}

describe('splitSentences', () => {
  it.each<[string, string, string[]]>([
    ['en', 'Dr. Smith went home. He slept.', ['Dr. Smith went home.', 'He slept.']],
    ['en', 'It costs 3.50 dollars. Fine.', ['It costs 3.50 dollars.', 'Fine.']],
    ['en', 'Wait... Really? Yes!', ['Wait...', 'Really?', 'Yes!']],
    ['en', 'Wait... and then more.', ['Wait... and then more.']],
    ['en', 'He said "Stop." Then he left.', ['He said "Stop."', 'Then he left.']],
    ['en', '"Stop!" she said.', ['"Stop!" she said.']],
    ['en', 'Visit example.com. Then go.', ['Visit example.com.', 'Then go.']],
    ['en', 'Mail a.b@c.com now. Ok.', ['Mail a.b@c.com now.', 'Ok.']],
    ['en', 'J. K. Rowling wrote it. Yes.', ['J. K. Rowling wrote it.', 'Yes.']],
    ['en', 'Fruit, e.g. Apples. Next.', ['Fruit, e.g. Apples.', 'Next.']],
    ['en', 'See No. 5 here. Ok.', ['See No. 5 here.', 'Ok.']],
    ['en', 'Mr. and Mrs. Jones came. Ok.', ['Mr. and Mrs. Jones came.', 'Ok.']],
    ['en', 'Apples, pears, etc. Then more.', ['Apples, pears, etc.', 'Then more.']],
    [
      'de',
      'Das ist z. B. gut. Am 3. Mai kommt er. Ja.',
      ['Das ist z. B. gut.', 'Am 3. Mai kommt er.', 'Ja.'],
    ],
    ['de', 'Hr. Müller kommt. Gut.', ['Hr. Müller kommt.', 'Gut.']],
    ['de', 'Es sind 5 Mio. Euro. Gut.', ['Es sind 5 Mio. Euro.', 'Gut.']],
    ['fr', 'M. Dupont est là. Mme. Durand aussi.', ['M. Dupont est là.', 'Mme. Durand aussi.']],
    ['es', '¿Qué tal? ¡Bien! El Sr. García llegó.', ['¿Qué tal?', '¡Bien!', 'El Sr. García llegó.']],
    [
      'pl',
      'Mieszkam na ul. Długiej. To np. Dobre. Tak.',
      ['Mieszkam na ul. Długiej.', 'To np. Dobre.', 'Tak.'],
    ],
    ['pt', 'O Sr. Silva chegou. A Sra. Costa também.', ['O Sr. Silva chegou.', 'A Sra. Costa também.']],
    ['sv', 'Det är t.ex. Bra. Ja.', ['Det är t.ex. Bra.', 'Ja.']],
    ['it', 'Il sig. Rossi è qui. Bene.', ['Il sig. Rossi è qui.', 'Bene.']],
    ['nl', 'Dhr. Jansen komt. Mevr. de Vries ook.', ['Dhr. Jansen komt.', 'Mevr. de Vries ook.']],
    ['ru', 'Это ул. Ленина. Хорошо.', ['Это ул. Ленина.', 'Хорошо.']],
    ['hi', 'यह अच्छा है। वह भी॥ ठीक', ['यह अच्छा है।', 'वह भी॥', 'ठीक']],
    ['ja', 'こんにちは。元気ですか？はい！', ['こんにちは。', '元気ですか？', 'はい！']],
    ['zh', '你好。你好吗？我很好！', ['你好。', '你好吗？', '我很好！']],
    ['zh', '他说：「好。」然后走了。', ['他说：「好。」', '然后走了。']],
  ])('%s: %s', (language, text, expected) => {
    expect(sentences(text, language)).toEqual(expected)
  })

  it('ends a sentence at a blank line and at a line break before a capital', () => {
    expect(sentences('Title\nFirst line.', 'en')).toEqual(['Title', 'First line.'])
    expect(sentences('wrapped\nline continues.', 'en')).toEqual(['wrapped\nline continues.'])
    expect(sentences('para one\n\npara two', 'en')).toEqual(['para one', 'para two'])
  })

  it('returns trimmed ranges and nothing for white space', () => {
    expect(splitSentences('  Hi.  Yo.  ', 'en')).toEqual([
      { start: 2, end: 5 },
      { start: 7, end: 10 },
    ])
    expect(splitSentences('   ', 'en')).toEqual([])
  })

  it('honours hard breaks and protected ranges', () => {
    expect(sentences('one two three', 'en').length).toBe(1)
    const text = 'one two three'
    expect(
      splitSentences(text, 'en', { hardBreaks: new Set([4]) }).map((r) => text.slice(r.start, r.end)),
    ).toEqual(['one', 'two three'])
    const guarded = 'Call Hello. World now'
    expect(splitSentences(guarded, 'en').length).toBe(2)
    expect(splitSentences(guarded, 'en', { protectedRanges: [{ start: 5, end: 17 }] })).toEqual([
      { start: 0, end: 21 },
    ])
  })
})
