import type { Database } from '../../db/database.js'

export interface ChecklistState {
  checklistId: string | null
  initiatedAt: Date | null
  hidden: boolean
  completedAt: Date | null
  survey: unknown | null
  surveyCompletedAt: Date | null
}

export interface CompletedItem {
  itemId: string
  detectedBy: 'server' | 'client'
  completedAt: Date
}

export function createOnboardingRepository(db: Database) {
  return {
    async findState(userId: string): Promise<ChecklistState | null> {
      const row = await db
        .selectFrom('onboarding_states')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst()
      if (!row) return null
      return {
        checklistId: row.checklist_id,
        initiatedAt: row.checklist_initiated_at,
        hidden: row.checklist_hidden,
        completedAt: row.checklist_completed_at,
        survey: row.survey,
        surveyCompletedAt: row.survey_completed_at,
      }
    },

    /** Starts the checklist once: a second call keeps the first id and start time. */
    async initiate(userId: string, checklistId: string): Promise<void> {
      await db
        .insertInto('onboarding_states')
        .values({ user_id: userId, checklist_id: checklistId, checklist_initiated_at: new Date() })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet((eb) => ({
            checklist_id: eb.fn.coalesce('onboarding_states.checklist_id', eb.ref('excluded.checklist_id')),
            checklist_initiated_at: eb.fn.coalesce(
              'onboarding_states.checklist_initiated_at',
              eb.ref('excluded.checklist_initiated_at'),
            ),
            updated_at: new Date(),
          })),
        )
        .execute()
    },

    async setHidden(userId: string, hidden: boolean): Promise<void> {
      await db
        .updateTable('onboarding_states')
        .set({ checklist_hidden: hidden, updated_at: new Date() })
        .where('user_id', '=', userId)
        .execute()
    },

    async markComplete(userId: string): Promise<void> {
      await db
        .updateTable('onboarding_states')
        .set((eb) => ({
          checklist_completed_at: eb.fn.coalesce('checklist_completed_at', eb.val(new Date())),
          updated_at: new Date(),
        }))
        .where('user_id', '=', userId)
        .execute()
    },

    async saveSurvey(userId: string, survey: object | null): Promise<void> {
      const now = new Date()
      const json = survey === null ? null : JSON.stringify(survey)
      await db
        .insertInto('onboarding_states')
        .values({ user_id: userId, survey: json, survey_completed_at: now })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({ survey: json, survey_completed_at: now, updated_at: now }),
        )
        .execute()
    },

    listCompleted(userId: string): Promise<CompletedItem[]> {
      return db
        .selectFrom('onboarding_checklist_items')
        .select(['item_id as itemId', 'detected_by as detectedBy', 'completed_at as completedAt'])
        .where('user_id', '=', userId)
        .execute()
    },

    /** Records completions; returns the items that were not complete before (each completes once). */
    async complete(userId: string, itemIds: string[], detectedBy: 'server' | 'client'): Promise<string[]> {
      if (itemIds.length === 0) return []
      const rows = await db
        .insertInto('onboarding_checklist_items')
        .values(itemIds.map((itemId) => ({ user_id: userId, item_id: itemId, detected_by: detectedBy })))
        .onConflict((oc) => oc.columns(['user_id', 'item_id']).doNothing())
        .returning('item_id')
        .execute()
      return rows.map((row) => row.item_id)
    },
  }
}

export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>
