import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type {
  CreateDictionaryRequest,
  DictionaryRuleInput,
  UpdateDictionaryRequest,
} from '../../lib/api-types'
import { listVoices } from '../voices/voices-api'
import {
  createDictionary,
  getDictionary,
  getWorkspaceDictionaries,
  listDictionaries,
  setDictionaryRules,
  setWorkspaceDictionaries,
  updateDictionary,
} from './pronunciation-dictionaries-api'

const root = ['pronunciation-dictionaries'] as const

export function useDictionaries(includeArchived: boolean) {
  return useQuery({
    queryKey: [...root, 'list', includeArchived],
    queryFn: () => listDictionaries(includeArchived),
    select: (data) => data.pronunciation_dictionaries,
  })
}

export function useDictionary(id: string) {
  return useQuery({ queryKey: [...root, 'one', id], queryFn: () => getDictionary(id) })
}

function useRefresh() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: root })
}

export function useCreateDictionary() {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (body: CreateDictionaryRequest) => createDictionary(body),
    onSuccess: refresh,
  })
}

export function useSaveRules(id: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (rules: DictionaryRuleInput[]) => setDictionaryRules(id, rules),
    onSuccess: refresh,
  })
}

export function useUpdateDictionary(id: string) {
  const refresh = useRefresh()
  return useMutation({
    mutationFn: (body: UpdateDictionaryRequest) => updateDictionary(id, body),
    onSuccess: refresh,
  })
}

/** Voices to preview with, by name. */
export function usePreviewVoices() {
  return useQuery({
    queryKey: ['voices', 'dictionary-preview'],
    queryFn: () => listVoices({ page_size: 100, sort: 'name', sort_direction: 'asc' }),
    select: (data) => data.voices,
    staleTime: 60_000,
  })
}

/** The dictionaries every request that names none uses, in order (workspace admins set them). */
export function useWorkspaceDictionaries() {
  return useQuery({
    queryKey: [...root, 'workspace'],
    queryFn: getWorkspaceDictionaries,
    select: (data) => data.pronunciation_dictionary_locators.map((l) => l.pronunciation_dictionary_id),
  })
}

export function useSetWorkspaceDictionaries() {
  const refresh = useRefresh()
  return useMutation({ mutationFn: (ids: string[]) => setWorkspaceDictionaries(ids), onSuccess: refresh })
}
