import {
  ONBOARDING_CHECKLIST_ITEMS,
  type OnboardingChecklistItemId,
  type OnboardingRole,
  type OnboardingSource,
} from '@timbre/contract'
import { AppError } from '../../errors.js'
import { newId } from '../../lib/ids.js'
import type { Principal } from '../../plugins/auth.js'
import type { OnboardingFlags } from '../accounts/accounts.module.js'
import type { NotificationsPorts } from '../notifications/notifications.module.js'
import { itemsShownDone, SERVER_EVIDENCE, type UserFacts } from './checklist-evidence.js'
import type { CompletedItem, OnboardingRepository } from './onboarding.repository.js'

export interface SurveyAnswers {
  first_name?: string | undefined
  role?: OnboardingRole | undefined
  subrole?: string | undefined
  timezone?: string | undefined
  source?: OnboardingSource | undefined
}

export interface SurveyRecord {
  first_name: string | null
  role: string | null
  subrole: string | null
  timezone: string | null
  source: string | null
}

export interface ChecklistView {
  checklist_id: string | null
  is_initiated: boolean
  hidden: boolean
  is_completed: boolean
  items: {
    onboarding_checklist_item_id: OnboardingChecklistItemId
    is_completed: boolean
    completed_at_unix: number | null
    /** Whether the server sees this step happen itself (otherwise the client reports it). */
    verified_by_server: boolean
  }[]
  /** Items this call found or recorded as newly complete: the client congratulates once for each. */
  newly_completed: OnboardingChecklistItemId[]
}

interface Deps {
  repository: OnboardingRepository
  facts: (principal: Principal) => Promise<UserFacts>
  setFlags: (userId: string, flags: OnboardingFlags) => Promise<void>
  notify: NotificationsPorts['notify']
}

/** A name the runtime's time-zone database knows (Europe/Paris, UTC, ...). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name })
    return true
  } catch {
    return false
  }
}

export function createOnboardingService(deps: Deps) {
  const { repository } = deps

  function view(
    state: Awaited<ReturnType<OnboardingRepository['findState']>>,
    completed: CompletedItem[],
    newly: string[],
  ): ChecklistView {
    const done = new Map(completed.map((item) => [item.itemId, item]))
    return {
      checklist_id: state?.checklistId ?? null,
      is_initiated: Boolean(state?.initiatedAt),
      hidden: state?.hidden ?? false,
      is_completed: Boolean(state?.completedAt),
      items: ONBOARDING_CHECKLIST_ITEMS.map((id) => {
        const item = done.get(id)
        return {
          onboarding_checklist_item_id: id,
          is_completed: item !== undefined,
          completed_at_unix: item ? Math.floor(item.completedAt.getTime() / 1000) : null,
          verified_by_server: id in SERVER_EVIDENCE,
        }
      }),
      newly_completed: ONBOARDING_CHECKLIST_ITEMS.filter((id) => newly.includes(id)),
    }
  }

  /** When the last item completes, the user hears of it once. */
  async function celebrateIfAllDone(principal: Principal, completed: CompletedItem[], newly: string[]) {
    if (newly.length === 0 || completed.length < ONBOARDING_CHECKLIST_ITEMS.length) return
    await deps.notify(principal.userId, {
      kind: 'onboarding_completed',
      severity: 'success',
      title: 'You completed the onboarding checklist',
      description: 'Every first step is done. Enjoy creating with Timbre.',
      dedupeKey: 'onboarding_completed',
    })
  }

  /**
   * The checklist as it stands, after recording every step the other domains show as done
   * (a generation, a key, a voice): those are never taken from the client's word.
   */
  async function load(principal: Principal, clientNewly: string[] = []): Promise<ChecklistView> {
    const facts = await deps.facts(principal)
    const detected = await repository.complete(principal.userId, itemsShownDone(facts), 'server')
    const [state, completed] = await Promise.all([
      repository.findState(principal.userId),
      repository.listCompleted(principal.userId),
    ])
    const newly = [...detected, ...clientNewly]
    await celebrateIfAllDone(principal, completed, newly)
    return view(state, completed, newly)
  }

  return {
    load: (principal: Principal) => load(principal),

    async initiate(principal: Principal): Promise<ChecklistView> {
      await repository.initiate(principal.userId, newId())
      await deps.setFlags(principal.userId, { isChecklistCompleted: false })
      return load(principal)
    },

    /**
     * The client reports a step's event. A step the server can see is checked against the
     * other domains' data and refused while it has not happened; the rest are recorded.
     */
    async update(principal: Principal, itemId: OnboardingChecklistItemId): Promise<ChecklistView> {
      const proves = SERVER_EVIDENCE[itemId]
      if (proves) {
        if (!proves(await deps.facts(principal)))
          throw new AppError('onboarding_step_not_done', { param: 'item_id' })
        return load(principal)
      }
      const recorded = await repository.complete(principal.userId, [itemId], 'client')
      return load(principal, recorded)
    },

    async hide(principal: Principal, hidden: boolean): Promise<ChecklistView> {
      await repository.initiate(principal.userId, newId())
      await repository.setHidden(principal.userId, hidden)
      return load(principal)
    },

    async markComplete(principal: Principal): Promise<ChecklistView> {
      await repository.initiate(principal.userId, newId())
      await repository.markComplete(principal.userId)
      await deps.setFlags(principal.userId, { isChecklistCompleted: true })
      return load(principal)
    },

    /** The survey after sign-up; answering nothing skips it. Either way onboarding is done. */
    async completeSurvey(principal: Principal, answers: SurveyAnswers) {
      if (answers.timezone !== undefined && !isTimeZone(answers.timezone)) {
        throw new AppError('invalid_timezone', { param: 'timezone' })
      }
      const survey: SurveyRecord = {
        first_name: answers.first_name ?? null,
        role: answers.role ?? null,
        subrole: answers.subrole ?? null,
        timezone: answers.timezone ?? null,
        source: answers.source ?? null,
      }
      const answered = Object.values(survey).some((value) => value !== null)
      await repository.saveSurvey(principal.userId, answered ? survey : null)
      await deps.setFlags(principal.userId, {
        isOnboardingCompleted: true,
        ...(answers.first_name ? { firstName: answers.first_name } : {}),
      })
      return { is_onboarding_completed: true, onboarding_survey: answered ? survey : null }
    },

    async survey(principal: Principal) {
      const state = await repository.findState(principal.userId)
      return {
        onboarding_survey: (state?.survey ?? null) as SurveyRecord | null,
        completed_at_unix: state?.surveyCompletedAt
          ? Math.floor(state.surveyCompletedAt.getTime() / 1000)
          : null,
      }
    },
  }
}

export type OnboardingService = ReturnType<typeof createOnboardingService>
