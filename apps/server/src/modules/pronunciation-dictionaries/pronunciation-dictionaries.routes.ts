import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { requirePrincipal } from '../../plugins/auth.js'
import { dictionaryFileForm, readDictionaryForm } from './dictionary-file-form.js'
import {
  addFromRulesBody,
  addResponse,
  dictionaryIdParams,
  listQuery,
  listResponse,
  metadataResponse,
  updateBody,
  withRulesResponse,
} from './pronunciation-dictionaries.schemas.js'
import type { DictionariesService } from './pronunciation-dictionaries.service.js'

// Creating, listing, reading, renaming and archiving dictionaries.
const tags = ['pronunciation dictionaries']
const config = { scope: 'pronunciation-dictionaries' as const }

export function dictionariesRoutes(dictionaries: DictionariesService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/pronunciation-dictionaries',
      {
        config,
        schema: {
          tags,
          summary: 'List the pronunciation dictionaries of your workspace',
          querystring: listQuery,
          response: { 200: listResponse },
        },
      },
      async (request) => dictionaries.list(requirePrincipal(request), request.query),
    )

    app.post(
      '/v1/pronunciation-dictionaries/add-from-file',
      {
        config: { ...config, multipart: dictionaryFileForm },
        schema: {
          tags,
          summary: 'Create a pronunciation dictionary from a PLS, XML or TXT file',
          response: { 200: addResponse },
        },
      },
      async (request) =>
        dictionaries.createFromFile(requirePrincipal(request), await readDictionaryForm(request)),
    )

    app.post(
      '/v1/pronunciation-dictionaries/add-from-rules',
      {
        config,
        schema: {
          tags,
          summary: 'Create a pronunciation dictionary from rules',
          body: addFromRulesBody,
          response: { 200: addResponse },
        },
      },
      async (request) => dictionaries.createFromRules(requirePrincipal(request), request.body),
    )

    app.get(
      '/v1/pronunciation-dictionaries/:pronunciation_dictionary_id',
      {
        config,
        schema: {
          tags,
          summary: 'A pronunciation dictionary with the rules of its latest version',
          params: dictionaryIdParams,
          response: { 200: withRulesResponse },
        },
      },
      async (request) =>
        dictionaries.get(requirePrincipal(request), request.params.pronunciation_dictionary_id),
    )

    app.patch(
      '/v1/pronunciation-dictionaries/:pronunciation_dictionary_id',
      {
        config,
        schema: {
          tags,
          summary: 'Rename or archive a pronunciation dictionary (no new version)',
          params: dictionaryIdParams,
          body: updateBody,
          response: { 200: metadataResponse },
        },
      },
      async (request) =>
        dictionaries.update(
          requirePrincipal(request),
          request.params.pronunciation_dictionary_id,
          request.body,
        ),
    )
  }
}
