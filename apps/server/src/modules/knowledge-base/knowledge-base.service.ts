import { bindUseCases } from '../../platform/use-cases.js'
import { createFolder, createFromFile, createFromText, createFromUrl } from './create-documents.js'
import type { KnowledgeBaseDeps } from './knowledge-base.deps.js'
import {
  deleteDocument,
  documentAgents,
  documentChunk,
  documentChunks,
  documentContent,
  getDocument,
  listDocuments,
  moveDocuments,
  updateDocument,
} from './manage-documents.js'
import { computeIndex, documentIndexes, indexOverview, removeIndex } from './rag-index.js'
import { documentSummaries, documentsExist, knowledgeSize, retrieve } from './retrieve.js'

/** The knowledge base's use cases, bound once to their dependencies. */
export function createKnowledgeBaseService(deps: KnowledgeBaseDeps) {
  return bindUseCases(deps, {
    createFromUrl,
    createFromFile,
    createFromText,
    createFolder,
    getDocument,
    listDocuments,
    updateDocument,
    deleteDocument,
    moveDocuments,
    documentContent,
    documentChunks,
    documentChunk,
    documentAgents,
    computeIndex,
    documentIndexes,
    removeIndex,
    indexOverview,
    retrieve,
    documentsExist,
    documentSummaries,
    knowledgeSize,
  })
}

export type KnowledgeBaseService = ReturnType<typeof createKnowledgeBaseService>
