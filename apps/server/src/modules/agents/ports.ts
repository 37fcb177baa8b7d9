// The contracts the agents domain needs from domains built after it; app.ts connects them.

/** One passage of a knowledge-base document, as retrieval returns it. */
export interface RetrievedPassage {
  documentId: string
  documentName: string
  text: string
  score: number
}

/** Retrieval over a workspace's knowledge base (BM25, and vectors where an embedding model exists). */
export interface KnowledgeRetrieval {
  retrieve(input: {
    workspaceId: string
    documentIds: string[]
    query: string
    limit: number
  }): Promise<RetrievedPassage[]>
  /** The ids of those documents that exist in the workspace. */
  documentsExist(input: { workspaceId: string; documentIds: string[] }): Promise<string[]>
}

/** The agents that use a knowledge-base document, for the knowledge base's dependent-agents call. */
export type DependentAgentsLookup = (
  workspaceId: string,
  documentId: string,
) => Promise<Array<{ id: string; name: string; createdAt: Date }>>
