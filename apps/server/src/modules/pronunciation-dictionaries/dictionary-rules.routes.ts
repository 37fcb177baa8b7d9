import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import {
  defaultsBody,
  defaultsResponse,
  dictionaryIdParams,
  downloadParams,
  removeRulesBody,
  rulesBody,
  rulesResponse,
} from './pronunciation-dictionaries.schemas.js'
import type { DictionariesService } from './pronunciation-dictionaries.service.js'

// Changing rules (each change is a new version), the PLS download of a version, and the
// workspace's default dictionaries.
const tags = ['pronunciation dictionaries']
const config = { scope: 'pronunciation-dictionaries' as const }

export function dictionaryRulesRoutes(dictionaries: DictionariesService): FastifyPluginAsyncZod {
  return async (app) => {
    const ruleChange = (path: string, summary: string) => ({
      path: `/v1/pronunciation-dictionaries/:pronunciation_dictionary_id/${path}`,
      summary,
    })
    const add = ruleChange(
      'add-rules',
      'Add rules (a rule with the same input is replaced); makes a new version',
    )
    app.post(
      add.path,
      {
        config,
        schema: {
          tags,
          summary: add.summary,
          params: dictionaryIdParams,
          body: rulesBody,
          response: { 200: rulesResponse },
        },
      },
      async (request) =>
        dictionaries.addRules(
          requirePrincipal(request),
          request.params.pronunciation_dictionary_id,
          request.body.rules,
        ),
    )
    const remove = ruleChange('remove-rules', 'Remove the rules with these inputs; makes a new version')
    app.post(
      remove.path,
      {
        config,
        schema: {
          tags,
          summary: remove.summary,
          params: dictionaryIdParams,
          body: removeRulesBody,
          response: { 200: rulesResponse },
        },
      },
      async (request) =>
        dictionaries.removeRules(
          requirePrincipal(request),
          request.params.pronunciation_dictionary_id,
          request.body.rule_strings,
        ),
    )
    const set = ruleChange('set-rules', 'Replace every rule; makes a new version')
    app.post(
      set.path,
      {
        config,
        schema: {
          tags,
          summary: set.summary,
          params: dictionaryIdParams,
          body: rulesBody,
          response: { 200: rulesResponse },
        },
      },
      async (request) =>
        dictionaries.setRules(
          requirePrincipal(request),
          request.params.pronunciation_dictionary_id,
          request.body.rules,
        ),
    )

    app.get(
      '/v1/pronunciation-dictionaries/:dictionary_id/:version_id/download',
      {
        config,
        schema: {
          tags,
          summary: 'The rules of a dictionary version as a PLS file',
          params: downloadParams,
          response: { 200: z.any().describe('A PLS 1.0 lexicon (application/pls+xml)') },
        },
      },
      async (request, reply) => {
        const { dictionary_id, version_id } = request.params
        const file = await dictionaries.download(requirePrincipal(request), dictionary_id, version_id)
        return reply
          .type('application/pls+xml; charset=utf-8')
          .header('content-disposition', `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
          .send(file.pls)
      },
    )

    app.get(
      '/v1/workspace/pronunciation-dictionary-locators',
      {
        config,
        schema: {
          tags,
          summary: 'The dictionaries applied, in order, to speech requests that name none',
          response: { 200: defaultsResponse },
        },
      },
      async (request) => dictionaries.defaults(requirePrincipal(request)),
    )

    app.put(
      '/v1/workspace/pronunciation-dictionary-locators',
      {
        config,
        schema: {
          tags,
          summary: 'Set the workspace default dictionaries (at most 3; workspace admins)',
          body: defaultsBody,
          response: { 200: defaultsResponse },
        },
      },
      async (request) =>
        dictionaries.setDefaults(requirePrincipal(request), request.body.pronunciation_dictionary_locators),
    )
  }
}
