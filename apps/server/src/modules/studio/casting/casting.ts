import { STUDIO_NARRATOR_ID } from '@timbre/contract'
import { AppError } from '../../../errors.js'
import { requireEditableProject, requireProject, requireVoices } from '../project-access.js'
import { invalid, type Workspace } from '../project-rules.js'
import type { StoredBlock } from '../studio-content.js'
import type { StudioDeps } from '../studio-deps.js'
import type { CastMember, CastRepository, CastRow } from './cast.repository.js'
import { castChapters, detectInProject, mergedCast, voicesOf } from './cast-book.js'
import { revoiced } from './cast-nodes.js'

// Casting a project: finding who speaks, giving each character and the narrator a voice, and
// having every line of a character read by its voice across the book.

export interface CastingDeps extends StudioDeps {
  cast: CastRepository
}

export interface CastAssignment {
  narrator_voice_id?: string | null | undefined
  characters?: Array<{ character_id: string; voice_id: string | null }> | undefined
}

function castView(members: Array<CastMember | CastRow>, narratorFallback: string) {
  const narrator = members.find((m) => m.character_id === STUDIO_NARRATOR_ID)
  return {
    narrator_voice_id: narrator?.voice_id ?? narratorFallback,
    characters: members
      .filter((m) => m.character_id !== STUDIO_NARRATOR_ID)
      .map((m) => ({ character_id: m.character_id, name: m.name, voice_id: m.voice_id, lines: m.lines })),
  }
}

/** The project's cast as last saved (before any detection: the narrator alone). */
export async function getCast(deps: CastingDeps, principal: Workspace, projectId: string) {
  const project = await requireProject(deps, principal, projectId)
  return castView(await deps.cast.list(project.id), project.default_paragraph_voice_id)
}

/** Finds the characters who speak in the project and proposes them as its cast; text is unchanged. */
export async function detectCast(deps: CastingDeps, principal: Workspace, projectId: string) {
  const project = await requireEditableProject(deps, principal, projectId)
  const chapters = await deps.repository.listChapters(project.id)
  const members = mergedCast(project, detectInProject(chapters), await deps.cast.list(project.id))
  await deps.cast.save(project.id, members, [])
  return castView(members, project.default_paragraph_voice_id)
}

/**
 * Saves voices for the narrator and characters and casts the whole project again: every quote is
 * read by its character's voice, the narration by the narrator's.
 */
export async function applyCast(
  deps: CastingDeps,
  principal: Workspace,
  projectId: string,
  body: CastAssignment,
) {
  const project = await requireEditableProject(deps, principal, projectId)
  const chapters = await deps.repository.listChapters(project.id)
  const found = detectInProject(chapters)
  const members = mergedCast(project, found, await deps.cast.list(project.id))
  const byId = new Map(members.map((m) => [m.character_id, m]))
  const chosen = [
    ...(body.narrator_voice_id
      ? [{ character_id: STUDIO_NARRATOR_ID, voice_id: body.narrator_voice_id }]
      : []),
    ...(body.characters ?? []),
  ]
  for (const [i, choice] of chosen.entries()) {
    const member = byId.get(choice.character_id)
    if (!member)
      throw invalid(`No such character in this project: ${choice.character_id}.`, `characters[${i}]`)
    member.voice_id = choice.voice_id
  }
  const voiceIds = members.flatMap((m) => (m.voice_id ? [m.voice_id] : []))
  await requireVoices(deps, principal.workspaceId, [...new Set(voiceIds)], 'characters')
  const voices = voicesOf(members, project.default_paragraph_voice_id)
  const rewritten = castChapters(chapters, found, voices)
  await deps.cast.save(project.id, members, rewritten)
  return { ...castView(members, project.default_paragraph_voice_id), chapters_changed: rewritten.length }
}

/** Changes one cast member's voice, and with it every line that member reads in the project. */
export async function setCastVoice(
  deps: CastingDeps,
  principal: Workspace,
  projectId: string,
  characterId: string,
  voiceId: string | null,
) {
  const project = await requireEditableProject(deps, principal, projectId)
  const members = await deps.cast.list(project.id)
  const member = members.find((m) => m.character_id === characterId)
  if (!member) throw new AppError('studio_cast_member_not_found')
  if (characterId === STUDIO_NARRATOR_ID && voiceId === null)
    throw invalid('The narrator needs a voice.', 'voice_id')
  if (voiceId) await requireVoices(deps, principal.workspaceId, [voiceId], 'voice_id')
  member.voice_id = voiceId
  const voices = voicesOf(members, project.default_paragraph_voice_id)
  const reader = characterId === STUDIO_NARRATOR_ID ? voices.narrator : (voiceId ?? voices.narrator)
  const chapters = await deps.repository.listChapters(project.id)
  const rewritten = chapters.flatMap((chapter) => {
    const blocks = (chapter.blocks as StoredBlock[]).map((block) => revoiced(block, characterId, reader))
    const changed = JSON.stringify(blocks) !== JSON.stringify(chapter.blocks)
    return changed ? [{ id: chapter.id, version: chapter.version, blocks }] : []
  })
  await deps.cast.save(project.id, members, rewritten)
  return { ...castView(members, project.default_paragraph_voice_id), chapters_changed: rewritten.length }
}
