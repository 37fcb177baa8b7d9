import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { requirePrincipal } from '../../plugins/auth.js'
import type { Renders } from './render.service.js'
import {
  projectList,
  projectParams,
  projectView,
  renderParams,
  renderView,
  statusOk,
  updateProjectBody,
} from './voiceover.schemas.js'
import type { VoiceoverService } from './voiceover.service.js'
import { readVoiceoverForm, voiceoverProjectForm } from './voiceover-form.js'

// Voiceover projects, their media and their renders.
const tags = ['voiceover']
const config = { scope: 'projects' as const, permission: 'voiceover_studio' as const }

export function projectsRoutes(service: VoiceoverService, renders: Renders): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/v1/voiceover/projects',
      {
        config,
        schema: {
          tags,
          summary: 'The Voiceover Studio projects of your workspace',
          response: { 200: projectList },
        },
      },
      async (request) => service.list(requirePrincipal(request)),
    )

    app.post(
      '/v1/voiceover/projects',
      {
        config: { ...config, multipart: voiceoverProjectForm },
        schema: {
          tags,
          summary: 'Create a Voiceover Studio project',
          description: 'multipart/form-data, or JSON without media.',
          consumes: ['multipart/form-data', 'application/json'],
          response: { 200: projectView },
        },
      },
      async (request) => service.create(requirePrincipal(request), await readVoiceoverForm(request)),
    )

    app.get(
      '/v1/voiceover/projects/:project_id',
      {
        config,
        schema: {
          tags,
          summary: 'A project with its tracks, clips and latest render',
          params: projectParams,
          response: { 200: projectView },
        },
      },
      async (request) => service.get(requirePrincipal(request), request.params.project_id),
    )

    app.patch(
      '/v1/voiceover/projects/:project_id',
      {
        config,
        schema: {
          tags,
          summary: "Rename a project or change its timeline's length",
          params: projectParams,
          body: updateProjectBody,
          response: { 200: projectView },
        },
      },
      async (request) => service.update(requirePrincipal(request), request.params.project_id, request.body),
    )

    app.delete(
      '/v1/voiceover/projects/:project_id',
      {
        config,
        schema: {
          tags,
          summary: 'Delete a project and its audio',
          params: projectParams,
          response: { 200: statusOk },
        },
      },
      async (request) => service.remove(requirePrincipal(request), request.params.project_id),
    )

    app.get(
      '/v1/voiceover/projects/:project_id/media',
      {
        config,
        schema: {
          tags,
          summary: "The project's uploaded media",
          params: projectParams,
          response: { 200: z.any() },
        },
      },
      async (request, reply) => {
        const media = await service.media(requirePrincipal(request), request.params.project_id)
        return reply.type(media.mime).send(media.data)
      },
    )

    app.post(
      '/v1/voiceover/projects/:project_id/render',
      {
        config,
        schema: {
          tags,
          summary: 'Render the whole mix (a job; poll its status for the percent done)',
          params: projectParams,
          response: { 202: renderView },
        },
      },
      async (request, reply) =>
        reply.code(202).send(await renders.start(requirePrincipal(request), request.params.project_id)),
    )

    app.get(
      '/v1/voiceover/projects/:project_id/renders/:render_id',
      {
        config,
        schema: {
          tags,
          summary: "A render's status and percent done",
          params: renderParams,
          response: { 200: renderView },
        },
      },
      async (request) =>
        renders.status(requirePrincipal(request), request.params.project_id, request.params.render_id),
    )

    for (const which of ['audio', 'video'] as const) {
      app.get(
        `/v1/voiceover/projects/:project_id/renders/:render_id/${which}`,
        {
          config,
          schema: {
            tags,
            summary:
              which === 'audio'
                ? 'The rendered mix as MP3'
                : 'The video with the rendered mix as its sound (MP4)',
            params: renderParams,
            response: { 200: z.any() },
          },
        },
        async (request, reply) => {
          const { project_id, render_id } = request.params
          const file = await renders.file(requirePrincipal(request), project_id, render_id, which)
          const ext = which === 'audio' ? 'mp3' : 'mp4'
          return reply
            .type(file.mime)
            .header('content-disposition', `attachment; filename="voiceover-${render_id}.${ext}"`)
            .send(file.data)
        },
      )
    }
  }
}
