// The onboarding calls: the checklist (read, initiate, update, hide, mark complete) and the
// survey after sign-up.
import { client, settle } from '../../lib/api'
import type { RequestJson, ResponseJson } from '../../lib/api-types'

export type Checklist = ResponseJson<'/v1/onboarding/checklist', 'get', 200>
export type ChecklistItem = Checklist['items'][number]
export type ChecklistItemId = ChecklistItem['onboarding_checklist_item_id']
export type SurveyAnswers = RequestJson<'/v1/onboarding/survey/complete', 'post'>
export type SurveyResult = ResponseJson<'/v1/onboarding/survey/complete', 'post', 200>

export const getChecklist = (): Promise<Checklist> => settle(client.GET('/v1/onboarding/checklist'))
export const initiateChecklist = (): Promise<Checklist> =>
  settle(client.POST('/v1/onboarding/checklist/initiate'))
export const updateChecklistItem = (itemId: ChecklistItemId): Promise<Checklist> =>
  settle(client.POST('/v1/onboarding/checklist/update', { body: { item_id: itemId } }))
export const hideChecklist = (hidden: boolean): Promise<Checklist> =>
  settle(client.POST('/v1/onboarding/checklist/hide', { body: { hidden } }))
export const markChecklistComplete = (): Promise<Checklist> =>
  settle(client.POST('/v1/onboarding/checklist/mark-complete'))
export const completeSurvey = (body: SurveyAnswers): Promise<SurveyResult> =>
  settle(client.POST('/v1/onboarding/survey/complete', { body }))
export type SurveyState = ResponseJson<'/v1/onboarding/survey', 'get', 200>
export const getSurvey = (): Promise<SurveyState> => settle(client.GET('/v1/onboarding/survey'))
