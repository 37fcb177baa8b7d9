import { STUDIO_FREE_REGENERATIONS, STUDIO_LOCKED_BLOCK_MESSAGE } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { newId } from '../../../lib/ids.js'
import type { Principal } from '../../../plugins/auth.js'
import { BlockAudioChanged } from '../conversion/block-audio.repository.js'
import { blockAudioKey, type ConversionDeps, rulesFor, sourceHash } from '../conversion/conversion-deps.js'
import { renderBlock } from '../conversion/render-block.js'
import { pcmSeconds } from '../conversion/studio-audio.js'
import type { StoredBlock } from '../studio-content.js'
import { blockSentenceText, nodesWithin, sentenceAt } from './sentences.js'
import { spliceSentence } from './splice-sentence.js'
import type { SpokenWord } from './spoken-words.js'

// One sentence of a generated paragraph rendered again, alone, with the voices its characters
// have, and put into the paragraph's picked take in place of the old sentence: the result is a
// new take of the paragraph (picked at once; the take it was made from stays, to go back to).
// Only the sentence's characters are charged, and not even those while the paragraph's free
// regenerations of its text last (a sentence counts as one of them). A sentence is short, so it
// is rendered within the request; its credits are held by the recorder like any generation and
// charged in the transaction that keeps the take, so a crash charges nothing for it.

export interface RegenerateSentenceInput {
  projectId: string
  chapterId: string
  blockId: string
  /** Characters [from, to) of the paragraph's text (its nodes' texts joined): the sentence touched. */
  from: number
  to: number
}

export async function regenerateSentence(
  deps: ConversionDeps,
  principal: Principal,
  input: RegenerateSentenceInput,
) {
  const project = await deps.studio.findProject(principal.workspaceId, input.projectId)
  if (!project) throw new AppError('project_not_found')
  await deps.access?.requireEditor(principal, { id: project.id, createdBy: project.created_by })
  const chapter = await deps.studio.findChapter(project.id, input.chapterId)
  if (!chapter) throw new AppError('chapter_not_found')
  const block = (chapter.blocks as StoredBlock[]).find((b) => b.block_id === input.blockId)
  if (!block) throw new AppError('studio_block_not_found')

  const hash = sourceHash(
    block,
    project.default_model_id,
    project.pronunciation_dictionary_locators as unknown[],
  )
  const audio = (await deps.conversions.blockAudio([chapter.id])).find((r) => r.block_id === block.block_id)
  if (audio?.locked) throw new AppError('studio_block_locked', { message: STUDIO_LOCKED_BLOCK_MESSAGE })
  if (!audio || audio.source_hash !== hash) throw new AppError('studio_sentence_needs_audio')
  const text = blockSentenceText(block)
  const range =
    input.from <= text.length ? sentenceAt(text, input.from, Math.min(input.to, text.length)) : null
  if (!range || !audio.words.some((w) => w.from >= range.from && w.to <= range.to))
    throw new AppError('studio_sentence_not_found', { param: 'from' })
  const take = await deps.storage.get(audio.storage_key)
  if (!take) throw new AppError('studio_sentence_needs_audio')

  const used = audio.free_regenerations
  const free = used < STUDIO_FREE_REGENERATIONS
  const sentence = { ...block, nodes: nodesWithin(block, range) }
  const key = blockAudioKey(project.workspace_id, chapter.id, block.block_id, hash, `sentence-${newId()}`)
  let spliced: { pcm: Buffer; words: SpokenWord[] } | null = null
  let unused: string[] = []
  try {
    await renderBlock(deps, {
      principal,
      conversionId: `sentence-${newId()}`,
      project,
      block: sentence,
      rules: await rulesFor(deps, project),
      free,
      chargeText: text.slice(range.from, range.to),
      queue: 'realtime',
      keep: async (pcm, words, trx) => {
        spliced = spliceSentence({ take: { pcm: take, words: audio.words }, range, sentence: { pcm, words } })
        if (!spliced) throw new AppError('studio_sentence_not_found', { param: 'from' })
        await deps.storage.put(key, spliced.pcm)
        unused = await deps.conversions.saveBlockAudio(
          {
            chapter_id: chapter.id,
            block_id: block.block_id,
            source_hash: hash,
            storage_key: key,
            duration_seconds: pcmSeconds(spliced.pcm),
            free_regenerations: free ? used + 1 : used,
            words: spliced.words,
            free,
            replaces: audio.storage_key,
          },
          trx,
        )
      },
    })
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined)
    if (error instanceof BlockAudioChanged) throw new AppError('studio_conversion_running')
    throw error
  }
  for (const file of unused) await deps.storage.delete(file).catch(() => undefined)
  const newest = (await deps.conversions.takes(chapter.id, block.block_id, hash))[0]
  const result = spliced as { pcm: Buffer } | null
  return {
    block_id: block.block_id,
    take_id: newest?.id ?? '',
    previous_take_id: audio.take_id,
    sentence: { from: range.from, to: range.to, text: text.slice(range.from, range.to) },
    free,
    characters: range.to - range.from,
    duration_seconds: result ? pcmSeconds(result.pcm) : 0,
    free_regenerations_left: Math.max(0, STUDIO_FREE_REGENERATIONS - (free ? used + 1 : used)),
  }
}
