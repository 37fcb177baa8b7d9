import type { IconName } from '../../components/icon'
import { routes } from '../../routes'
import type { Checklist, ChecklistItemId } from './onboarding-api'

/**
 * Where each step is done in this product. A step whose page does not exist yet has no link:
 * the checklist says it comes later rather than offering a dead end.
 */
export const CHECKLIST_STEPS: Record<ChecklistItemId, { to: string | null; icon: IconName }> = {
  generate_text_to_speech: { to: routes.speechSynthesis, icon: 'speech' },
  generate_speech_to_speech: { to: routes.voiceChanger, icon: 'dialogue' },
  add_voice_to_voice_lab: { to: routes.voices, icon: 'plus' },
  design_voice: { to: routes.voiceDesign, icon: 'sparkles' },
  create_dub: { to: null, icon: 'volume' },
  join_affiliate: { to: null, icon: 'share' },
  generate_api_key: { to: routes.apiKeys, icon: 'key' },
}

export function checklistProgress(checklist: Pick<Checklist, 'items'>): { done: number; total: number } {
  return { done: checklist.items.filter((item) => item.is_completed).length, total: checklist.items.length }
}

/**
 * The steps to congratulate for: the ones the server reports as newly complete, plus any that
 * turned complete since the previous answer, each only once (`announced` remembers them).
 */
export function stepsToAnnounce(
  previous: Pick<Checklist, 'items'> | undefined,
  next: Pick<Checklist, 'items' | 'newly_completed'>,
  announced: ReadonlySet<string>,
): ChecklistItemId[] {
  const before = new Set(
    previous?.items.filter((i) => i.is_completed).map((i) => i.onboarding_checklist_item_id),
  )
  const fresh = new Set<ChecklistItemId>(next.newly_completed)
  if (previous) {
    for (const item of next.items) {
      if (item.is_completed && !before.has(item.onboarding_checklist_item_id))
        fresh.add(item.onboarding_checklist_item_id)
    }
  }
  return [...fresh].filter((id) => !announced.has(id))
}

/** Whether the checklist belongs on the page: started, not hidden and not marked complete. */
export function checklistVisible(checklist: Checklist | undefined): boolean {
  return Boolean(checklist && !checklist.hidden && !checklist.is_completed)
}
