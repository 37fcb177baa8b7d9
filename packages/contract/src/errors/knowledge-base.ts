// Error codes of the agents' knowledge base.
export const KNOWLEDGE_BASE_ERRORS = {
  kb_document_not_found: { status: 404, message: 'Knowledge base document not found or no access.' },
  kb_folder_not_found: { status: 404, message: 'Knowledge base folder not found.' },
  kb_chunk_not_found: { status: 404, message: 'Chunk not found.' },
  kb_url_invalid: { status: 422, message: 'Please enter a valid HTTPS URL' },
  kb_url_refused: {
    status: 422,
    message: 'Please enter a valid HTTPS URL: private, loopback and link-local addresses are not allowed.',
  },
  kb_url_unresolved: {
    status: 422,
    message: 'The host of this URL could not be resolved. Check the address and its DNS records.',
  },
  kb_url_unreachable: { status: 422, message: 'The page could not be fetched.' },
  kb_url_no_text: { status: 422, message: 'No readable text was found on this page.' },
  kb_file_unreadable: {
    status: 422,
    message: 'The file is not a document Timbre can read: use PDF, DOCX, EPUB, HTML, Markdown or text.',
  },
  kb_file_empty: { status: 422, message: 'The file is empty.' },
  kb_file_too_large: {
    status: 413,
    message: 'The file is too large: knowledge base files are 20 MB at most.',
  },
  kb_name_required: { status: 422, message: 'Name is required.' },
  kb_text_required: { status: 422, message: 'Text is required.' },
  kb_storage_limit: {
    status: 422,
    message: 'This document would take the knowledge base past the storage limit of your plan.',
  },
  kb_document_in_use: {
    status: 409,
    message: 'This document is used by agents. Remove it from them first, or delete it with force.',
  },
  kb_folder_move_invalid: {
    status: 422,
    message: 'A folder cannot be moved into itself or a folder inside it.',
  },
  kb_not_a_folder: { status: 422, message: 'The parent must be a folder.' },
  kb_folder_too_deep: { status: 422, message: 'Folders cannot be nested this deep.' },
  kb_folder_has_no_content: { status: 422, message: 'A folder has no content or chunks.' },
} as const
