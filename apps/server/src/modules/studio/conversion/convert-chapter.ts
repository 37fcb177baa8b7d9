import { STUDIO_BLOCK_PAUSE_SECONDS, STUDIO_FREE_REGENERATIONS } from '@timbre/contract'
import type { HeldRun } from '../../../platform/jobs/held-run-runner.js'
import type { Principal } from '../../../plugins/auth.js'
import type { ChapterRow, ProjectRow } from '../studio.repository.js'
import type { StoredBlock } from '../studio-content.js'
import type { SpokenWord } from '../takes/spoken-words.js'
import { chapterPcm } from './chapter-audio.js'
import type { BlockAudioRow, ConversionRow } from './conversion.repository.js'
import {
  blockAudioKey,
  blockText,
  type ConversionDeps,
  type rulesFor,
  sourceHash,
} from './conversion-deps.js'
import { renderBlock } from './render-block.js'
import { type Mp3Encoder, pcmSeconds, silence, startMp3Encoder } from './studio-audio.js'

// One chapter of a conversion. Its out-of-date blocks are rendered two at a time: a block is
// short, so one block alone keeps only one speech thread busy, and a block's bookkeeping
// (holding its credits, keeping its audio) waits on the database while the other one speaks.
// The chapter's snapshot is encoded to MP3 while the blocks are made: each block goes to the
// encoder as soon as it and every block before it are ready.

/** Blocks of a chapter rendered at the same time. */
const BLOCKS_IN_FLIGHT = 2

/** One conversion's work, shared by its chapters. */
export interface ConversionWork {
  conversion: ConversionRow
  project: ProjectRow
  principal: Principal
  run: HeldRun
  rules: Awaited<ReturnType<typeof rulesFor>>
  onlyBlocks: Set<string> | null
  totalCharacters: number
  done: { characters: number }
}

/** A converted chapter: its joined audio and, for a full conversion, that audio as MP3. */
export interface ConvertedChapter {
  pcm: Buffer | null
  mp3: Buffer | null
}

/** Whether a block's kept audio is still current for this conversion. */
function isCurrent(work: ConversionWork, existing: BlockAudioRow | undefined, hash: string): boolean {
  if (existing === undefined) return false
  if (existing.locked) return true
  // A regeneration renders its blocks again, unless an earlier run of it already did.
  return (
    existing.source_hash === hash &&
    (!work.onlyBlocks || existing.created_at.getTime() >= work.conversion.created_at.getTime())
  )
}

/**
 * Whether rendering a block again is free: a regeneration of the same text is, twice; the
 * count starts again when the text (or voice, model, dictionaries) changes.
 */
function freeRegeneration(work: ConversionWork, existing: BlockAudioRow | undefined, hash: string) {
  const same = existing !== undefined && existing.source_hash === hash
  const used = same ? existing.free_regenerations : 0
  const free = work.onlyBlocks !== null && same && used < STUDIO_FREE_REGENERATIONS
  return { free, count: free ? used + 1 : used }
}

/** Renders one block and keeps its audio (charged in the same transaction); returns its PCM. */
async function renderAndKeep(
  deps: ConversionDeps,
  work: ConversionWork,
  input: { chapter: ChapterRow; block: StoredBlock; hash: string; existing: BlockAudioRow | undefined },
): Promise<{ pcm: Buffer; row: BlockAudioRow }> {
  const { project, conversion } = work
  const { chapter, block, hash } = input
  // Each rendering is a take of its own: the conversion's id keeps a resumed run on one file.
  const key = blockAudioKey(project.workspace_id, chapter.id, block.block_id, hash, conversion.id)
  const { free, count } = freeRegeneration(work, input.existing, hash)
  const row = {
    chapter_id: chapter.id,
    block_id: block.block_id,
    source_hash: hash,
    storage_key: key,
    free_regenerations: count,
  }
  let unused: string[] = []
  let spoken: SpokenWord[] = []
  const pcm = await renderBlock(deps, {
    principal: work.principal,
    conversionId: conversion.id,
    project,
    block,
    rules: work.rules,
    free,
    keep: async (pcm, words, trx) => {
      spoken = words
      await deps.storage.put(key, pcm)
      unused = await deps.conversions.saveBlockAudio(
        { ...row, duration_seconds: pcmSeconds(pcm), words, free },
        trx,
      )
    },
  })
  for (const file of unused) await deps.storage.delete(file).catch(() => undefined)
  const kept: BlockAudioRow = {
    ...row,
    duration_seconds: pcmSeconds(pcm),
    locked: false,
    take_id: null,
    words: spoken,
    created_at: new Date(),
  }
  return { pcm, row: kept }
}

/** Renders a chapter's wanted, out-of-date blocks; returns the chapter's joined audio. */
export async function convertChapter(
  deps: ConversionDeps,
  work: ConversionWork,
  chapter: ChapterRow,
): Promise<ConvertedChapter> {
  const { project, run } = work
  const blocks = (chapter.blocks as StoredBlock[]).filter((b) => blockText(b).trim())
  const chapterCharacters = blocks.reduce((n, b) => n + blockText(b).length, 0)
  let chapterDone = 0
  const report = async (characters: number) => {
    chapterDone += characters
    work.done.characters += characters
    const overall = work.totalCharacters > 0 ? (work.done.characters / work.totalCharacters) * 100 : 100
    const chapterPercent = chapterCharacters > 0 ? Math.floor((chapterDone / chapterCharacters) * 100) : 100
    await run.progress(overall, { force: true })
    await deps.conversions.chapterAdvanced(chapter.id, Math.min(99, chapterPercent))
  }
  await report(0)
  const locators = project.pronunciation_dictionary_locators as unknown[]
  const audio = new Map((await deps.conversions.blockAudio([chapter.id])).map((r) => [r.block_id, r]))
  const stale = blocks.flatMap((block) => {
    const hash = sourceHash(block, project.default_model_id, locators)
    const wanted = work.onlyBlocks === null || work.onlyBlocks.has(block.block_id)
    return wanted && !isCurrent(work, audio.get(block.block_id), hash) ? [{ block, hash }] : []
  })

  // A block with nothing to render is done at once; its characters count toward the percent.
  const staleIds = new Set(stale.map((s) => s.block.block_id))
  const upToDate = blocks.filter((b) => !staleIds.has(b.block_id))
  await report(upToDate.reduce((n, b) => n + blockText(b).length, 0))
  if (work.onlyBlocks !== null) {
    await renderInLanes(stale, async ({ block, hash }) => {
      const made = await renderAndKeep(deps, work, {
        chapter,
        block,
        hash,
        existing: audio.get(block.block_id),
      })
      audio.set(block.block_id, made.row)
      await report(blockText(block).length)
    })
    return { pcm: await chapterPcm(deps, chapter, audio), mp3: null }
  }

  // A full conversion: the chapter's audio is joined and encoded in reading order as it is made.
  const ready = new Map<string, Buffer>()
  const encoder = startMp3Encoder()
  const joined = createInOrderJoin(blocks, encoder, async (block) => {
    const made = ready.get(block.block_id)
    if (made) return made
    const row = audio.get(block.block_id)
    return row ? await deps.storage.get(row.storage_key) : null
  })
  joined.waitFor(staleIds)
  try {
    await renderInLanes(stale, async ({ block, hash }) => {
      const made = await renderAndKeep(deps, work, {
        chapter,
        block,
        hash,
        existing: audio.get(block.block_id),
      })
      audio.set(block.block_id, made.row)
      ready.set(block.block_id, made.pcm)
      joined.ready(block.block_id)
      await report(blockText(block).length)
    })
    const pcm = await joined.finish()
    if (!pcm) {
      encoder.abort()
      return { pcm: null, mp3: null }
    }
    return { pcm, mp3: await encoder.end() }
  } catch (error) {
    encoder.abort()
    throw error
  }
}

/**
 * Runs the work for each item, a few at a time in order; once one fails no more are started,
 * the running ones end, and the first failure is thrown.
 */
async function renderInLanes<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  let failure: { error: unknown } | null = null
  const lane = async () => {
    while (failure === null && next < items.length) {
      const item = items[next++] as T
      try {
        await work(item)
      } catch (error) {
        failure ??= { error }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(BLOCKS_IN_FLIGHT, items.length) }, lane))
  if (failure) throw (failure as { error: unknown }).error
}

/**
 * The chapter's blocks joined in reading order (with the pause between blocks) and handed to the
 * encoder as soon as each block and all before it are ready.
 */
function createInOrderJoin(
  blocks: StoredBlock[],
  encoder: Mp3Encoder,
  audioOf: (block: StoredBlock) => Promise<Buffer | null>,
) {
  const parts: Buffer[] = []
  const pending = new Set<string>()
  let fed = 0
  let missing = false
  let failed: { error: unknown } | null = null
  let feeding: Promise<void> = Promise.resolve()
  const more = () => {
    feeding = feeding.then(feed).catch((error: unknown) => {
      failed ??= { error }
    })
  }
  const feed = async () => {
    while (!missing && failed === null && fed < blocks.length) {
      const block = blocks[fed] as StoredBlock
      if (pending.has(block.block_id)) return
      const pcm = await audioOf(block)
      if (!pcm) {
        missing = true
        return
      }
      const piece = parts.length > 0 ? Buffer.concat([silence(STUDIO_BLOCK_PAUSE_SECONDS), pcm]) : pcm
      parts.push(piece)
      fed++
      await encoder.write(piece)
    }
  }
  return {
    /** Blocks still to be rendered are waited for before anything after them is joined. */
    waitFor(ids: Iterable<string>) {
      for (const id of ids) pending.add(id)
      more()
    },
    ready(blockId: string) {
      pending.delete(blockId)
      more()
    },
    async finish(): Promise<Buffer | null> {
      more()
      await feeding
      if (failed) throw (failed as { error: unknown }).error
      return missing || parts.length === 0 ? null : Buffer.concat(parts)
    },
  }
}
