import type { Node as PmNode } from '@tiptap/pm/model'
import type { EditorState } from '@tiptap/pm/state'
import { PAUSES, type PauseLength } from './chapter-doc'

// The sentence at the cursor, in the block's saved text (its nodes' texts joined, a pause
// written as its mark): what "play from here" starts at and what "regenerate sentence" renders
// again. The server finds the same sentence from the same characters.

/** Characters [from, to) of a block's saved text. */
export interface TextRange {
  from: number
  to: number
}

function textLength(node: PmNode): number {
  if (node.isText) return node.text?.length ?? 0
  if (node.type.name === 'pause') return PAUSES[(node.attrs.length as PauseLength) ?? 'normal'].length
  if (node.type.name === 'hardBreak') return 1
  return 0
}

/** The character of the block's saved text at document position `pos`; `blockPos` is where the block starts. */
export function characterAtPosition(block: PmNode, blockPos: number, pos: number): number {
  let chars = 0
  let found: number | null = null
  block.forEach((child, childOffset) => {
    if (found !== null) return
    const at = blockPos + 1 + childOffset
    if (pos < at + child.nodeSize) found = chars + (child.isText ? Math.max(0, pos - at) : 0)
    else chars += textLength(child)
  })
  return found ?? chars
}

/** The block's saved text. */
export function blockTextOf(block: PmNode): string {
  let text = ''
  block.forEach((child) => {
    if (child.isText) text += child.text ?? ''
    else if (child.type.name === 'pause') text += PAUSES[(child.attrs.length as PauseLength) ?? 'normal']
    else if (child.type.name === 'hardBreak') text += '\n'
  })
  return text
}

/** The sentence (or sentences) the characters [from, to) touch; a caret picks the one it is in. */
export function sentenceAt(text: string, from: number, to: number): TextRange | null {
  const sentences: TextRange[] = []
  // A pause mark reads as the space it is: it never joins two sentences.
  const spaced = text.replace(/\[(short |long )?pause\]/g, (mark) => ' '.repeat(mark.length))
  for (const part of new Intl.Segmenter(undefined, { granularity: 'sentence' }).segment(spaced)) {
    const body = part.segment.trim()
    if (!body) continue
    const start = part.index + (part.segment.length - part.segment.trimStart().length)
    sentences.push({ from: start, to: start + body.length })
  }
  const touched = sentences.filter((s) =>
    from === to ? from >= s.from && from <= s.to : s.from < to && s.to > from,
  )
  const first = touched[0] ?? sentences.filter((s) => s.to <= from).at(-1)
  const last = touched.at(-1) ?? first
  return first && last ? { from: first.from, to: last.to } : null
}

/** The block at the selection, the selection in its text (cut at the block's end) and its sentence. */
export function selectionInBlock(state: EditorState) {
  const { $from, to } = state.selection
  if ($from.depth < 1) return null
  const block = $from.node(1)
  const blockPos = $from.before(1)
  const blockId = block.attrs.blockId as string | null
  if (!blockId) return null
  const text = blockTextOf(block)
  const start = characterAtPosition(block, blockPos, $from.pos)
  const end = Math.max(
    start,
    characterAtPosition(block, blockPos, Math.min(to, blockPos + block.nodeSize - 1)),
  )
  const sentence = sentenceAt(text, start, end)
  return {
    blockId,
    from: start,
    to: end,
    sentence,
    sentenceText: sentence ? text.slice(sentence.from, sentence.to) : '',
  }
}
