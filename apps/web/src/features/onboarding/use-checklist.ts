import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useToast } from '../../components/toaster'
import { useErrorText } from '../../i18n/use-error-text'
import { userQueryKey } from '../auth/use-session'
import {
  type Checklist,
  type ChecklistItemId,
  getChecklist,
  hideChecklist,
  initiateChecklist,
  markChecklistComplete,
  updateChecklistItem,
} from './onboarding-api'

/** Every onboarding query lives under this key: invalidating it re-reads what the server saw. */
export const onboardingKey = ['onboarding'] as const
export const checklistKey = [...onboardingKey, 'checklist'] as const

export function useChecklist(enabled = true) {
  return useQuery({ queryKey: checklistKey, queryFn: getChecklist, enabled, staleTime: 15_000 })
}

/** The checklist calls; each answer replaces the cached checklist (the watcher congratulates). */
export function useChecklistActions() {
  const queryClient = useQueryClient()
  const toast = useToast()
  const errorText = useErrorText()
  const options = {
    onSuccess: (checklist: Checklist) => queryClient.setQueryData(checklistKey, checklist),
    onError: (error: unknown) => toast({ title: errorText(error), tone: 'error' }),
  }
  const refreshUser = () => queryClient.invalidateQueries({ queryKey: userQueryKey })
  return {
    initiate: useMutation({ mutationFn: initiateChecklist, ...options }),
    update: useMutation({ mutationFn: (item: ChecklistItemId) => updateChecklistItem(item), ...options }),
    hide: useMutation({ mutationFn: (hidden: boolean) => hideChecklist(hidden), ...options }),
    complete: useMutation({
      mutationFn: markChecklistComplete,
      onSuccess: (checklist: Checklist) => {
        options.onSuccess(checklist)
        void refreshUser()
      },
      onError: options.onError,
    }),
  }
}
