// Shapes of the server's JSON (snake_case), taken from the contract generated from
// packages/contract/openapi.json: when a server schema changes, `npm run openapi` changes
// `paths` and the web build breaks here or at a call site.
import type { components, paths } from '@timbre/contract'

/** The methods a path answers (the generated type marks the others `?: never`). */
type MethodOf<P extends keyof paths> = {
  [M in keyof paths[P]]-?: [NonNullable<paths[P][M]>] extends [never]
    ? never
    : NonNullable<paths[P][M]> extends { responses: object }
      ? M
      : never
}[keyof paths[P]]

type Operation<P extends keyof paths, M extends MethodOf<P>> = NonNullable<paths[P][M]>

type Responses<P extends keyof paths, M extends MethodOf<P>> =
  Operation<P, M> extends { responses: infer R } ? R : never

type JsonContent<T> = T extends { content: { 'application/json': infer B } } ? B : never

/** The JSON body of the `status` answer of `method path`; an unknown path, method or status fails to compile. */
export type ResponseJson<
  P extends keyof paths,
  M extends MethodOf<P>,
  S extends keyof Responses<P, M>,
> = JsonContent<Responses<P, M>[S]>

/** The JSON request body of `method path`. */
export type RequestJson<P extends keyof paths, M extends MethodOf<P>> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never

// --- Errors ---------------------------------------------------------------------------------
// The OpenAPI document declares no error responses, so the error body (`{ detail }`, the
// same for every error) is written here by hand; toApiError reads it defensively.

export type ErrorDetail = {
  type?: string
  code?: string
  status?: string
  message?: string
  request_id?: string
  param?: string | null
}

export type ValidationIssue = { loc?: (string | number)[]; msg: string; type?: string }

export type ErrorBody = { detail?: ErrorDetail | ValidationIssue[] | string }

// --- Config and auth ------------------------------------------------------------------------

export type PublicConfig = ResponseJson<'/v1/config', 'get', 200>

export type SignUpRequest = RequestJson<'/v1/auth/sign-up', 'post'>
export type SignUpResponse = ResponseJson<'/v1/auth/sign-up', 'post', 201>

export type SignInRequest = RequestJson<'/v1/auth/sign-in', 'post'>
export type SignInResponse = ResponseJson<'/v1/auth/sign-in', 'post', 200>

/**
 * Narrower than the document (where `continue_url` is optional): the web app always sends one,
 * so the emailed link comes back to this app.
 */
export type EmailLinkRequest = RequestJson<'/v1/auth/send-verification-email', 'post'> & {
  continue_url: string
}
export type EmailLinkResponse = ResponseJson<'/v1/auth/send-verification-email', 'post', 200>

export type CodeCheckResponse = ResponseJson<'/v1/auth/verify-email', 'post', 200>
export type ConfirmPasswordResetResponse = ResponseJson<'/v1/auth/confirm-password-reset', 'post', 200>
export type OptOutResponse = ResponseJson<'/v1/auth/opt-out-of-updates', 'post', 200>
export type SignInRequestVerifyResponse = ResponseJson<'/v1/auth/sign-in-requests/verify', 'post', 200>

// --- User -----------------------------------------------------------------------------------

/** GET /v1/user, declared field by field in the document (schema `User`). */
export type User = components['schemas']['User']
export type Subscription = components['schemas']['Subscription']

export type SetLocaleResponse = ResponseJson<'/v1/user/set-locale', 'post', 200>
export type EditUserMetadataRequest = RequestJson<'/v1/user/edit-user-metadata', 'post'>
export type EditUserMetadataResponse = ResponseJson<'/v1/user/edit-user-metadata', 'post', 200>

// --- API keys -------------------------------------------------------------------------------

export type ApiKeyList = ResponseJson<'/v1/user/api-keys', 'get', 200>

/** `permissions` null means every scope; `character_limit` null means no credit limit. */
export type ApiKey = ApiKeyList['api_keys'][number]

export type CreateApiKeyRequest = RequestJson<'/v1/user/api-keys', 'post'>
export type CreateApiKeyResponse = ResponseJson<'/v1/user/api-keys', 'post', 201>

export type UpdateApiKeyRequest = RequestJson<'/v1/user/api-keys/{key_id}', 'patch'>
export type UpdateApiKeyResponse = ResponseJson<'/v1/user/api-keys/{key_id}', 'patch', 200>

// --- Local mailbox --------------------------------------------------------------------------

export type MailboxList = ResponseJson<'/v1/local-mailbox', 'get', 200>
export type MailboxMessage = MailboxList['messages'][number]

// --- Speech, voices, models, history ----------------------------------------------------------

export type VoicePage = ResponseJson<'/v2/voices', 'get', 200>
export type Voice = VoicePage['voices'][number]
export type VoiceQuery = NonNullable<NonNullable<paths['/v2/voices']['get']['parameters']['query']>>
/** The fields of a voice edit (multipart in the document, so written here). */
export type AddedVoice = ResponseJson<'/v1/voices/add', 'post', 200>
export type VoiceEdit = { name: string; description: string | null; labels: Record<string, string> }
export type Model = ResponseJson<'/v1/models', 'get', 200>[number]

export type HistoryPage = ResponseJson<'/v1/history', 'get', 200>
export type HistoryItem = components['schemas']['SpeechHistoryItem']
export type HistoryFeedback = components['schemas']['HistoryFeedback']
export type HistoryQuery = NonNullable<paths['/v1/history']['get']['parameters']['query']>
export type FeedbackRequest = RequestJson<'/v1/history/{history_item_id}/feedback', 'post'>
export type ShareLink = ResponseJson<'/v1/history/{history_item_id}/share-link', 'get', 200>
export type DownloadFormat = RequestJson<'/v1/history/download', 'post'>['output_format']

export type TtsRequest = RequestJson<'/v1/text-to-speech/{voice_id}/stream', 'post'>
export type VoiceSettings = NonNullable<TtsRequest['voice_settings']>
export type DialogueRequest = RequestJson<'/v1/text-to-dialogue/stream', 'post'>

// --- Billing and usage ----------------------------------------------------------------------

export type PlanOffer = components['schemas']['PlanOffer']
export type PlanOffers = ResponseJson<'/v1/billing/plans', 'get', 200>
export type SubscriptionInfo = components['schemas']['SubscriptionInfo']
export type Invoice = components['schemas']['Invoice']
export type CheckoutRequest = RequestJson<'/create-checkout-session', 'post'>
export type ChangeRequest = RequestJson<'/change-subscription', 'post'>
export type CheckoutSession = ResponseJson<'/v1/billing/local/checkout/{session_id}', 'get', 200>
export type LocalPortal = ResponseJson<'/v1/billing/local/portal', 'get', 200>
export type GrantSession = ResponseJson<'/v1/billing/grant-sessions/{session_id}', 'get', 200>
export type PromoValidation = ResponseJson<'/validate-promocode', 'post', 200>
export type CharacterStats = ResponseJson<'/v1/usage/character-stats', 'get', 200>
export type CharacterStatsQuery = NonNullable<
  paths['/v1/usage/character-stats']['get']['parameters']['query']
>

// pronunciation dictionaries
export type DictionaryList = ResponseJson<'/v1/pronunciation-dictionaries', 'get', 200>
export type DictionaryMetadata = DictionaryList['pronunciation_dictionaries'][number]
export type DictionaryWithRules = ResponseJson<
  '/v1/pronunciation-dictionaries/{pronunciation_dictionary_id}',
  'get',
  200
>
export type DictionaryRule = DictionaryWithRules['rules'][number]
export type DictionaryRuleInput = RequestJson<
  '/v1/pronunciation-dictionaries/{pronunciation_dictionary_id}/set-rules',
  'post'
>['rules'][number]
export type CreateDictionaryRequest = RequestJson<'/v1/pronunciation-dictionaries/add-from-rules', 'post'>
export type CreateDictionaryResponse = ResponseJson<
  '/v1/pronunciation-dictionaries/add-from-rules',
  'post',
  200
>
export type DictionaryRulesResponse = ResponseJson<
  '/v1/pronunciation-dictionaries/{pronunciation_dictionary_id}/set-rules',
  'post',
  200
>
export type UpdateDictionaryRequest = RequestJson<
  '/v1/pronunciation-dictionaries/{pronunciation_dictionary_id}',
  'patch'
>
export type TimestampsRequest = RequestJson<'/v1/text-to-speech/{voice_id}/with-timestamps', 'post'>
export type TimestampsResponse = ResponseJson<'/v1/text-to-speech/{voice_id}/with-timestamps', 'post', 200>
export type WorkspaceDictionaries = ResponseJson<
  '/v1/workspace/pronunciation-dictionary-locators',
  'get',
  200
>
// --- Sound effects and voice isolation ----------------------------------------------------

export type SoundEffectRequest = RequestJson<'/v1/sound-generation', 'post'>
export type IsolationPage = ResponseJson<'/v1/audio-isolation/history', 'get', 200>
export type IsolationItem = IsolationPage['items'][number]

export type StudioProjectList = ResponseJson<'/v1/studio/projects', 'get', 200>
export type StudioProject = StudioProjectList['projects'][number]
export type StudioProjectDetail = ResponseJson<'/v1/studio/projects/{project_id}', 'get', 200>
export type StudioChapter = ResponseJson<'/v1/studio/projects/{project_id}/chapters/{chapter_id}', 'get', 200>
export type StudioBlock = StudioChapter['content']['blocks'][number]
export type StudioChapterSave = RequestJson<'/v1/studio/projects/{project_id}/chapters/{chapter_id}', 'post'>
export type StudioExport = ResponseJson<'/v1/studio/projects/{project_id}/exports/{export_id}', 'get', 200>
export type StudioExportFormat = StudioExport['format']

export type StudioPublishing = ResponseJson<'/v1/studio/projects/{project_id}/publishing', 'get', 200>
export type PodcastRequest = RequestJson<'/v1/studio/podcasts', 'post'>
export type PodcastModes = ResponseJson<'/v1/studio/podcasts/modes', 'get', 200>
