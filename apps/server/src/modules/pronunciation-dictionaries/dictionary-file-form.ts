import { MAX_DICTIONARY_FILE_BYTES } from '@timbre/contract'
import type { FastifyRequest } from 'fastify'
import { multipartForm, readMultipart } from '../../platform/http/multipart.js'

// The multipart body of add-from-file: name (required), description, workspace_access and one
// optional file (PLS, XML or TXT; at most 1 MB).

export const dictionaryFileForm = multipartForm({
  files: {
    file: {
      description:
        'A PLS lexicon, or the TXT format: one `word = alias`, `word = /IPA/` or `word = /ARPABET/` per line. ' +
        'Files with a DOCTYPE or entity declarations are refused.',
      maxBytes: MAX_DICTIONARY_FILE_BYTES,
      label: 'The dictionary file',
    },
  },
  fields: {
    name: {
      description: 'The dictionary name.',
      required: true,
      missing: 'Name required.',
      maxBytes: 16 * 1024,
    },
    description: { description: 'What the dictionary is for.', maxBytes: 16 * 1024 },
    workspace_access: {
      description: 'Taken for compatibility; sharing is set on the dictionary afterwards.',
      enum: ['admin', 'editor', 'commenter', 'viewer'],
    },
  },
})

export interface DictionaryFileForm {
  name?: string
  description?: string
  file?: { fileName: string; data: Buffer }
}

export async function readDictionaryForm(request: FastifyRequest): Promise<DictionaryFileForm> {
  const body = await readMultipart(request, dictionaryFileForm)
  const { name, description } = body.textRecord()
  const file = body.file('file')
  return {
    ...(name !== undefined ? { name } : {}),
    ...(description !== undefined ? { description } : {}),
    ...(file ? { file } : {}),
  }
}
