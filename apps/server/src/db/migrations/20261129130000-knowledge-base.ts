import { type Kysely, sql } from 'kysely'

// The agents' knowledge base: documents and folders of a workspace, the chunks each document's
// text is cut into, retrieval indexes per embedding model (held by one run at a time), and the
// chunk vectors an index made when an embeddings endpoint was configured.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('knowledge_base_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('created_by_user_id', 'text')
    .addColumn('creator_email', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_folder_id', 'text', (c) =>
      c.references('knowledge_base_documents.id').onDelete('cascade'),
    )
    .addColumn('url', 'text')
    .addColumn('filename', 'text')
    .addColumn('content_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('size_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await db.schema
    .createIndex('knowledge_base_documents_workspace_parent')
    .on('knowledge_base_documents')
    .columns(['workspace_id', 'parent_folder_id'])
    .execute()
  await db.schema
    .createTable('knowledge_base_chunks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('document_id', 'text', (c) =>
      c.notNull().references('knowledge_base_documents.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('knowledge_base_chunks_document')
    .on('knowledge_base_chunks')
    .columns(['document_id', 'position'])
    .execute()
  await db.schema
    .createTable('knowledge_base_rag_indexes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('document_id', 'text', (c) =>
      c.notNull().references('knowledge_base_documents.id').onDelete('cascade'),
    )
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('worker_token', 'text')
    .addColumn('content_version', 'integer', (c) => c.notNull())
    .addColumn('embeddings_source', 'text')
    .addColumn('used_bytes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_message', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('knowledge_base_rag_indexes_document_model', ['document_id', 'model'])
    .execute()
  await db.schema
    .createTable('knowledge_base_chunk_vectors')
    .addColumn('index_id', 'text', (c) =>
      c.notNull().references('knowledge_base_rag_indexes.id').onDelete('cascade'),
    )
    .addColumn('chunk_id', 'text', (c) =>
      c.notNull().references('knowledge_base_chunks.id').onDelete('cascade'),
    )
    .addColumn('vector', 'jsonb', (c) => c.notNull())
    .addPrimaryKeyConstraint('knowledge_base_chunk_vectors_pk', ['index_id', 'chunk_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('knowledge_base_chunk_vectors').execute()
  await db.schema.dropTable('knowledge_base_rag_indexes').execute()
  await db.schema.dropTable('knowledge_base_chunks').execute()
  await db.schema.dropTable('knowledge_base_documents').execute()
}
