import { bindUseCases } from '../../platform/use-cases.js'
import { createChapter, deleteChapter, getChapter, listChapters, updateChapter } from './chapters.js'
import { mutedTracks, readCover, setCover } from './project-cover.js'
import { create } from './project-create.js'
import { get, list, remove, replaceContent, update } from './projects.js'
import type { StudioDeps } from './studio-deps.js'

export * from './studio-deps.js'

export function createStudioService(deps: StudioDeps) {
  return bindUseCases(deps, {
    create,
    list,
    get,
    update,
    remove,
    replaceContent,
    setCover,
    readCover,
    mutedTracks,
    listChapters,
    createChapter,
    getChapter,
    updateChapter,
    deleteChapter,
  })
}

export type StudioService = ReturnType<typeof createStudioService>
