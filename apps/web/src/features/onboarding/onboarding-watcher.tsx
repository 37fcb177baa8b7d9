import { ONBOARDING_STEP_DONE_MESSAGE } from '@timbre/contract'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { useToast } from '../../components/toaster'
import { stepsToAnnounce } from './checklist-items'
import type { Checklist } from './onboarding-api'
import { useChecklist, useChecklistActions } from './use-checklist'

// Steps congratulated in this page's life, shared by every mount of the watcher.
const announced = new Set<string>()

/**
 * Lives in the app shell for users with an open checklist: starts the checklist once, and
 * shows the congratulation toast whenever a step completes, whichever page the user is on.
 */
export function OnboardingWatcher({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation()
  const toast = useToast()
  const { data } = useChecklist(enabled)
  const { initiate } = useChecklistActions()
  const previous = useRef<Checklist | undefined>(undefined)
  const initiating = useRef(false)

  useEffect(() => {
    if (!enabled || !data || data.is_initiated || initiating.current) return
    initiating.current = true
    initiate.mutate()
  }, [enabled, data, initiate])

  useEffect(() => {
    if (!data) return
    const steps = stepsToAnnounce(previous.current, data, announced)
    previous.current = data
    if (steps.length === 0) return
    for (const step of steps) announced.add(step)
    toast({
      title: t('onboarding.stepDone', { defaultValue: ONBOARDING_STEP_DONE_MESSAGE }),
      tone: 'success',
    })
  }, [data, toast, t])

  return null
}
