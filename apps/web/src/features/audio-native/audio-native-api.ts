import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { paths } from '@timbre/contract'
import { client, settle } from '../../lib/api'
import { ApiError, toApiError } from '../../lib/api-error'

// Calls of the Audio Native settings page: the players, their settings and analytics.

export type AudioNativeList =
  paths['/v1/audio-native']['get']['responses']['200']['content']['application/json']
export type AudioNativePlayer = AudioNativeList['projects'][number]
export type AudioNativeSettings =
  paths['/v1/audio-native/{project_id}/settings']['get']['responses']['200']['content']['application/json']
export type AudioNativeSettingsBody = NonNullable<
  paths['/v1/audio-native/{project_id}/settings']['patch']['requestBody']
>['content']['application/json']
export type AudioNativeAnalytics =
  paths['/v1/audio-native/{project_id}/analytics']['get']['responses']['200']['content']['application/json']

const path = (id: string) => ({ params: { path: { project_id: id } } })

export interface NewPlayer {
  name: string
  file: File | null
  small: boolean
  textColor: string
  backgroundColor: string
  allowedUrls: string[]
  contentSelector: string
}

/** Sends a multipart form to an Audio Native call and returns its JSON answer. */
async function sendForm<T>(url: string, form: FormData): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
      body: form,
    })
  } catch (cause) {
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error')
  }
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) throw toApiError(response.status, body)
  return body as T
}

export interface NewContent {
  file: File
  autoConvert: boolean
  autoPublish: boolean
}

/** The content call: a new article, converted and published only as asked. */
export function replaceContent(id: string, input: NewContent) {
  const form = new FormData()
  form.set('file', input.file, input.file.name)
  form.set('auto_convert', String(input.autoConvert))
  form.set('auto_publish', String(input.autoPublish))
  return sendForm<{ converting: boolean; publishing: boolean }>(
    `/v1/audio-native/${encodeURIComponent(id)}/content`,
    form,
  )
}

export async function createPlayer(input: NewPlayer): Promise<{ project_id: string; html_snippet: string }> {
  const form = new FormData()
  form.set('name', input.name)
  form.set('small', String(input.small))
  form.set('text_color', input.textColor)
  form.set('background_color', input.backgroundColor)
  form.set('auto_convert', 'true')
  if (input.contentSelector.trim()) form.set('content_selector', input.contentSelector.trim())
  for (const url of input.allowedUrls) form.append('allowed_urls', url)
  if (input.file) form.set('file', input.file, input.file.name)
  return sendForm<{ project_id: string; html_snippet: string }>('/v1/audio-native', form)
}

const listPlayers = (): Promise<AudioNativeList> => settle(client.GET('/v1/audio-native'))

/** The players; polled while one of them is converting. */
export function usePlayers() {
  return useQuery({
    queryKey: ['audio-native'],
    queryFn: listPlayers,
    refetchInterval: (query) =>
      query.state.data?.projects.some((p) => p.status === 'queued' || p.status === 'publishing')
        ? 1000
        : false,
  })
}

export function usePlayerSettings(id: string) {
  return useQuery({
    queryKey: ['audio-native', id, 'settings'],
    queryFn: () => settle(client.GET('/v1/audio-native/{project_id}/settings', path(id))),
  })
}

export function usePlayerAnalytics(id: string) {
  return useQuery({
    queryKey: ['audio-native', id, 'analytics'],
    queryFn: () => settle(client.GET('/v1/audio-native/{project_id}/analytics', path(id))),
  })
}

export function useCreatePlayer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createPlayer,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['audio-native'] }),
  })
}

export function useSaveSettings(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AudioNativeSettingsBody) =>
      settle(client.PATCH('/v1/audio-native/{project_id}/settings', { ...path(id), body })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['audio-native'] }),
  })
}

export function useConvertPlayer(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => settle(client.POST('/v1/audio-native/{project_id}/convert', { ...path(id), body: {} })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['audio-native'] }),
  })
}

export function useReplaceContent(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: NewContent) => replaceContent(id, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['audio-native'] }),
  })
}

export function usePublishPlayer(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => settle(client.POST('/v1/audio-native/{project_id}/publish', path(id))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['audio-native'] }),
  })
}

export function useDeletePlayer() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => settle(client.DELETE('/v1/audio-native/{project_id}', path(id))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['audio-native'] }),
  })
}

/** Allowlist text (one address a line) as a list. */
export const allowlistOf = (text: string): string[] =>
  text
    .split(/\s*\n\s*/)
    .map((line) => line.trim())
    .filter(Boolean)
