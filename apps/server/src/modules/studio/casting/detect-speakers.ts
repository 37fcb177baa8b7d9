import { splitQuotes, type TextPiece } from './quoted-speech.js'
import {
  characterId,
  mentionsIn,
  namesAddressed,
  namesIn,
  speakerAfter,
  speakerBefore,
} from './speaker-patterns.js'

// Who says each quote of a book. First the names the book attributes explicitly ("said Anna")
// become the known characters; then every quote is given a speaker: its own attribution, else
// the paragraph's (one paragraph is one speaker's turn), else a known character the narration
// around it names ("Marcus shrugged."), else the turn-taking of the conversation (two people
// answer each other, so an unattributed line is the one before last's).

export interface SpokenPiece extends TextPiece {
  /** The character's name for a quote whose speaker was found; null for narration or unknown. */
  speaker: string | null
}

export interface DetectedCharacter {
  character_id: string
  name: string
  lines: number
}

export interface BookCast {
  /** Per chapter, per paragraph, the paragraph's pieces (joined they give back its text). */
  chapters: SpokenPiece[][][]
  characters: DetectedCharacter[]
}

/** The explicit speaker of each piece that is a quote (null when the words around name nobody). */
function explicitSpeakers(pieces: TextPiece[]): Array<string | null> {
  return pieces.map((piece, i) => {
    if (!piece.quote) return null
    const before = pieces[i - 1]
    const after = pieces[i + 1]
    return (
      (after && !after.quote ? speakerAfter(after.text) : null) ??
      (before && !before.quote ? speakerBefore(before.text) : null)
    )
  })
}

/** Characters the book names as speakers explicitly, by id, with the name first written. */
function knownCharacters(chapters: string[][]): Map<string, string> {
  const known = new Map<string, string>()
  for (const paragraphs of chapters) {
    for (const paragraph of paragraphs) {
      for (const name of explicitSpeakers(splitQuotes(paragraph))) {
        if (name && !known.has(characterId(name))) known.set(characterId(name), name)
      }
    }
  }
  return known
}

interface Conversation {
  last: string | null
  beforeLast: string | null
  /** Known characters the latest narration named, newest last. */
  mentioned: string[]
  /** Whom the latest line spoke to: the likeliest one to answer. */
  addressed: string[]
  /** Everyone who spoke in the chapter so far, most recent last. */
  speakers: string[]
}

/**
 * The likeliest speaker of a line nothing attributes: a character the narration just named,
 * else the one the last line spoke to, else the one before last (two people answer each
 * other), else another recently named one or speaker; never someone the line speaks to.
 */
function fallbackSpeaker(talk: Conversation, named: string[], addressed: string[]): string | null {
  const recent = [...talk.mentioned].reverse()
  const candidates = [
    ...named,
    ...talk.addressed.filter((name) => name !== talk.last),
    ...recent,
    talk.beforeLast,
    ...[...talk.speakers].reverse().filter((name) => name !== talk.last),
    talk.last,
  ]
  return candidates.find((name): name is string => name !== null && !addressed.includes(name)) ?? null
}

function attributeParagraph(
  paragraph: string,
  known: ReadonlyMap<string, string>,
  talk: Conversation,
): SpokenPiece[] {
  const pieces = splitQuotes(paragraph)
  const narration = pieces.filter((p) => !p.quote).map((p) => p.text)
  const named = narration.flatMap((text) => namesIn(text, known))
  if (!pieces.some((p) => p.quote)) {
    const mentioned = narration.flatMap((text) => mentionsIn(text, known))
    if (mentioned.length > 0) talk.mentioned = [...talk.mentioned, ...mentioned].slice(-4)
    return pieces.map((p) => ({ ...p, speaker: null }))
  }
  const explicit = explicitSpeakers(pieces).map((name) =>
    name ? (known.get(characterId(name)) ?? name) : null,
  )
  const addressed = pieces.filter((p) => p.quote).flatMap((p) => namesAddressed(p.text, known))
  const paragraphSpeaker = explicit.find((name) => name !== null) ?? fallbackSpeaker(talk, named, addressed)
  let current: string | null = null
  const spoken = pieces.map((piece, i) => {
    if (!piece.quote) return { ...piece, speaker: null }
    current = explicit[i] ?? current ?? paragraphSpeaker
    return { ...piece, speaker: current }
  })
  const lastSpeaker = [...spoken].reverse().find((p) => p.speaker)?.speaker ?? null
  if (lastSpeaker && lastSpeaker !== talk.last) {
    talk.beforeLast = talk.last
    talk.last = lastSpeaker
  }
  // A named beat belongs to this turn; the next unattributed line goes by turn-taking.
  talk.mentioned = []
  talk.addressed = addressed
  if (lastSpeaker) talk.speakers = [...talk.speakers.filter((name) => name !== lastSpeaker), lastSpeaker]
  return spoken
}

/** Finds every quote's speaker in a book given as chapters of paragraphs. */
export function detectSpeakers(chapters: string[][]): BookCast {
  const known = knownCharacters(chapters)
  const lines = new Map<string, number>()
  const cast = chapters.map((paragraphs) => {
    const talk: Conversation = { last: null, beforeLast: null, mentioned: [], addressed: [], speakers: [] }
    return paragraphs.map((paragraph) => {
      const spoken = attributeParagraph(paragraph, known, talk)
      for (const piece of spoken) {
        if (piece.speaker) lines.set(piece.speaker, (lines.get(piece.speaker) ?? 0) + 1)
      }
      return spoken
    })
  })
  const characters = [...lines.entries()]
    .map(([name, count]) => ({ character_id: characterId(name), name, lines: count }))
    .sort((a, b) => b.lines - a.lines || a.name.localeCompare(b.name))
  return { chapters: cast, characters }
}
