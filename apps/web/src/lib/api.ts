// Every server call of the web app, one function each, through openapi-fetch typed by the
// contract generated from the server's OpenAPI document: paths, request bodies and answers
// are checked by the compiler. The web app signs in with an httpOnly session cookie, so
// requests carry same-origin credentials and no token.
import type { paths } from '@timbre/contract'
import { DEFAULT_OUTPUT_FORMAT } from '@timbre/contract'
import createClient from 'openapi-fetch'
import { ApiError, toApiError } from './api-error'
import type {
  AddedVoice,
  ApiKeyList,
  ChangeRequest,
  CharacterStats,
  CharacterStatsQuery,
  CheckoutRequest,
  CheckoutSession,
  CodeCheckResponse,
  ConfirmPasswordResetResponse,
  CreateApiKeyRequest,
  CreateApiKeyResponse,
  CreateDictionaryRequest,
  CreateDictionaryResponse,
  DialogueRequest,
  DictionaryList,
  DictionaryMetadata,
  DictionaryRuleInput,
  DictionaryRulesResponse,
  DictionaryWithRules,
  DownloadFormat,
  EditUserMetadataRequest,
  EditUserMetadataResponse,
  EmailLinkRequest,
  EmailLinkResponse,
  FeedbackRequest,
  GrantSession,
  HistoryItem,
  HistoryPage,
  HistoryQuery,
  Invoice,
  IsolationPage,
  LocalPortal,
  MailboxList,
  Model,
  OptOutResponse,
  PlanOffers,
  PodcastRequest,
  PromoValidation,
  PublicConfig,
  SetLocaleResponse,
  ShareLink,
  SignInRequest,
  SignInRequestVerifyResponse,
  SignInResponse,
  SignUpRequest,
  SignUpResponse,
  SoundEffectRequest,
  StudioChapter,
  StudioChapterSave,
  StudioExportFormat,
  StudioProject,
  StudioProjectDetail,
  StudioProjectList,
  StudioPublishing,
  Subscription,
  SubscriptionInfo,
  TimestampsRequest,
  TimestampsResponse,
  TtsRequest,
  UpdateApiKeyRequest,
  UpdateApiKeyResponse,
  UpdateDictionaryRequest,
  User,
  Voice,
  VoiceEdit,
  VoicePage,
  VoiceQuery,
  WorkspaceDictionaries,
} from './api-types'

/** The typed client; features with their own call files use it through `settle`. */
export const client = createClient<paths>({
  baseUrl: '',
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
  // globalThis.fetch is looked up on each call (tests stub it); a request that never got an
  // answer becomes ApiError status 0.
  fetch: async (request) => {
    try {
      return await globalThis.fetch(request)
    } catch (cause) {
      throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error')
    }
  },
})

type Answer<D> = { data?: D; error?: unknown; response: Response }
/** What settle() resolves to: an answer declared without a body (204) becomes null. */
type Settled<D> = undefined extends D ? Exclude<D, undefined> | null : D

/**
 * The parsed body of a 2xx answer; null when there is none (204). Any other status becomes an
 * ApiError from its body (the document declares no error bodies, so `error` is read as unknown).
 */
export async function settle<D>(pending: Promise<Answer<D>>): Promise<Settled<D>> {
  const { data, error, response } = await pending
  if (!response.ok) throw toApiError(response.status, error ?? null)
  return (data ?? null) as Settled<D>
}

export const getConfig = (): Promise<PublicConfig> => settle(client.GET('/v1/config'))

export const signUp = (body: SignUpRequest): Promise<SignUpResponse> =>
  settle(client.POST('/v1/auth/sign-up', { body }))
export const signIn = (body: SignInRequest): Promise<SignInResponse> =>
  settle(client.POST('/v1/auth/sign-in', { body }))
export const signOut = (): Promise<null> => settle(client.POST('/v1/auth/sign-out'))

export const sendVerificationEmail = (body: EmailLinkRequest): Promise<EmailLinkResponse> =>
  settle(client.POST('/v1/auth/send-verification-email', { body }))
export const sendPasswordResetEmail = (body: EmailLinkRequest): Promise<EmailLinkResponse> =>
  settle(client.POST('/v1/auth/send-password-reset-email', { body }))

export const verifyEmail = (oobCode: string): Promise<CodeCheckResponse> =>
  settle(client.POST('/v1/auth/verify-email', { body: { oob_code: oobCode } }))
export const checkPasswordResetCode = (oobCode: string): Promise<CodeCheckResponse> =>
  settle(client.POST('/v1/auth/check-password-reset-code', { body: { oob_code: oobCode } }))
export const confirmPasswordReset = (
  oobCode: string,
  newPassword: string,
): Promise<ConfirmPasswordResetResponse> =>
  settle(
    client.POST('/v1/auth/confirm-password-reset', {
      body: { oob_code: oobCode, new_password: newPassword },
    }),
  )
export const optOutOfUpdates = (key: string): Promise<OptOutResponse> =>
  settle(client.POST('/v1/auth/opt-out-of-updates', { body: { opt_out_updates_key: key } }))
export const verifySignInRequest = (code: string): Promise<SignInRequestVerifyResponse> =>
  settle(
    client.POST('/v1/auth/sign-in-requests/verify', { body: { sign_in_request_verification_code: code } }),
  )

export const getUser = (): Promise<User> => settle(client.GET('/v1/user'))
export const setUserLocale = (locale: string): Promise<SetLocaleResponse> =>
  settle(client.POST('/v1/user/set-locale', { body: { locale } }))
export const editUserMetadata = (body: EditUserMetadataRequest): Promise<EditUserMetadataResponse> =>
  settle(client.POST('/v1/user/edit-user-metadata', { body }))
export const deleteAccount = (email: string): Promise<null> =>
  settle(client.DELETE('/v1/user', { body: { email } }))

export const listApiKeys = (): Promise<ApiKeyList> => settle(client.GET('/v1/user/api-keys'))
export const createApiKey = (body: CreateApiKeyRequest): Promise<CreateApiKeyResponse> =>
  settle(client.POST('/v1/user/api-keys', { body }))
export const updateApiKey = (keyId: string, body: UpdateApiKeyRequest): Promise<UpdateApiKeyResponse> =>
  settle(client.PATCH('/v1/user/api-keys/{key_id}', { params: { path: { key_id: keyId } }, body }))
export const deleteApiKey = (keyId: string): Promise<null> =>
  settle(client.DELETE('/v1/user/api-keys/{key_id}', { params: { path: { key_id: keyId } } }))

const dictionaryPath = (id: string) => ({ params: { path: { pronunciation_dictionary_id: id } } })

export const listDictionaries = (includeArchived: boolean): Promise<DictionaryList> =>
  settle(
    client.GET('/v1/pronunciation-dictionaries', {
      params: {
        query: {
          page_size: 100,
          sort: 'name',
          sort_direction: 'ascending',
          include_archived: includeArchived,
        },
      },
    }),
  )
export const getDictionary = (id: string): Promise<DictionaryWithRules> =>
  settle(client.GET('/v1/pronunciation-dictionaries/{pronunciation_dictionary_id}', dictionaryPath(id)))
export const createDictionary = (body: CreateDictionaryRequest): Promise<CreateDictionaryResponse> =>
  settle(client.POST('/v1/pronunciation-dictionaries/add-from-rules', { body }))
export const setDictionaryRules = (
  id: string,
  rules: DictionaryRuleInput[],
): Promise<DictionaryRulesResponse> =>
  settle(
    client.POST('/v1/pronunciation-dictionaries/{pronunciation_dictionary_id}/set-rules', {
      ...dictionaryPath(id),
      body: { rules },
    }),
  )
export const updateDictionary = (id: string, body: UpdateDictionaryRequest): Promise<DictionaryMetadata> =>
  settle(
    client.PATCH('/v1/pronunciation-dictionaries/{pronunciation_dictionary_id}', {
      ...dictionaryPath(id),
      body,
    }),
  )
export const getWorkspaceDictionaries = (): Promise<WorkspaceDictionaries> =>
  settle(client.GET('/v1/workspace/pronunciation-dictionary-locators'))
export const setWorkspaceDictionaries = (ids: string[]): Promise<WorkspaceDictionaries> =>
  settle(
    client.PUT('/v1/workspace/pronunciation-dictionary-locators', {
      body: { pronunciation_dictionary_locators: ids.map((id) => ({ pronunciation_dictionary_id: id })) },
    }),
  )
/** The PLS file of a dictionary version (same origin, the session cookie goes with it). */
export const dictionaryDownloadUrl = (id: string, versionId: string): string =>
  `/v1/pronunciation-dictionaries/${encodeURIComponent(id)}/${encodeURIComponent(versionId)}/download`

/** POST /v1/text-to-speech/{voice_id}/with-timestamps: audio and what was spoken. */
export const speakWithTimestamps = (
  voiceId: string,
  body: TimestampsRequest,
  outputFormat: string,
): Promise<TimestampsResponse> =>
  settle(
    client.POST('/v1/text-to-speech/{voice_id}/with-timestamps', {
      params: { path: { voice_id: voiceId }, query: { output_format: outputFormat } },
      body,
    }),
  )

export const listMailbox = (): Promise<MailboxList> => settle(client.GET('/v1/local-mailbox'))

export const getSubscription = (): Promise<Subscription> => settle(client.GET('/v1/user/subscription'))
export const listModels = (): Promise<Model[]> => settle(client.GET('/v1/models'))
export const listVoices = (query: VoiceQuery): Promise<VoicePage> =>
  settle(client.GET('/v2/voices', { params: { query } }))
export const getVoice = (voiceId: string): Promise<Voice> =>
  settle(client.GET('/v1/voices/{voice_id}', { params: { path: { voice_id: voiceId } } }))
export const deleteVoice = (voiceId: string): Promise<{ status: 'ok' }> =>
  settle(client.DELETE('/v1/voices/{voice_id}', { params: { path: { voice_id: voiceId } } }))

/**
 * POST /v1/voices/{voice_id}/edit: a multipart form, as the public API takes it. The
 * description is sent as an empty string when missing, the labels as JSON.
 */
export async function editVoice(voiceId: string, edit: VoiceEdit): Promise<{ status: 'ok' }> {
  const form = new FormData()
  form.set('name', edit.name)
  form.set('description', edit.description ?? '')
  form.set('labels', JSON.stringify(edit.labels))
  form.set('remove_background_noise', JSON.stringify(false))
  const response = await binary(`/v1/voices/${encodeURIComponent(voiceId)}/edit`, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })
  return (await response.json()) as { status: 'ok' }
}

/** Instant voice cloning: the samples and the voice's name, description and labels as multipart. */
export async function addVoice(input: {
  name: string
  description: string
  files: File[]
  removeBackgroundNoise: boolean
}): Promise<AddedVoice> {
  const form = new FormData()
  form.set('name', input.name)
  if (input.description) form.set('description', input.description)
  for (const file of input.files) form.append('files', file, file.name)
  form.set('remove_background_noise', JSON.stringify(input.removeBackgroundNoise))
  const response = await binary('/v1/voices/add', {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })
  return (await response.json()) as AddedVoice
}

export const listHistory = (query: HistoryQuery): Promise<HistoryPage> =>
  settle(client.GET('/v1/history', { params: { query } }))
export const getHistoryItem = (id: string): Promise<HistoryItem> =>
  settle(client.GET('/v1/history/{history_item_id}', { params: { path: { history_item_id: id } } }))
export const deleteHistoryItem = (id: string): Promise<{ status: 'ok' }> =>
  settle(client.DELETE('/v1/history/{history_item_id}', { params: { path: { history_item_id: id } } }))
export const sendFeedback = (id: string, body: FeedbackRequest): Promise<HistoryItem> =>
  settle(
    client.POST('/v1/history/{history_item_id}/feedback', {
      params: { path: { history_item_id: id } },
      body,
    }),
  )
export const getShareLink = (id: string): Promise<ShareLink> =>
  settle(
    client.GET('/v1/history/{history_item_id}/share-link', { params: { path: { history_item_id: id } } }),
  )

/** The URL of a history item's audio (same origin, the session cookie goes with it). */
export const historyAudioUrl = (id: string): string => `/v1/history/${encodeURIComponent(id)}/audio`

// Binary answers (audio, zip) are read by the caller; openapi-fetch would parse them as JSON.
async function binary(url: string, init: RequestInit): Promise<Response> {
  let response: Response
  try {
    response = await globalThis.fetch(url, { credentials: 'same-origin', ...init })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error')
  }
  if (response.ok) return response
  const body: unknown = await response.json().catch(() => null)
  throw toApiError(response.status, body)
}

const JSON_HEADERS = { 'content-type': 'application/json', accept: '*/*' }

/** POST /v1/history/download: the audio of one item, or a zip of several. */
export const downloadHistory = (ids: string[], format: DownloadFormat = null): Promise<Response> =>
  binary('/v1/history/download', {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ history_item_ids: ids, output_format: format }),
  })

/** POST /v1/text-to-speech/{voice_id}/stream; the body is read as it arrives. */
export const streamSpeech = (
  voiceId: string,
  body: TtsRequest,
  outputFormat: string,
  signal?: AbortSignal,
): Promise<Response> =>
  binary(
    `/v1/text-to-speech/${encodeURIComponent(voiceId)}/stream?output_format=${encodeURIComponent(outputFormat)}`,
    { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body), signal },
  )

/** POST /v1/text-to-dialogue/stream. */
export const streamDialogue = (
  body: DialogueRequest,
  outputFormat: string,
  signal?: AbortSignal,
): Promise<Response> =>
  binary(`/v1/text-to-dialogue/stream?output_format=${encodeURIComponent(outputFormat)}`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
    signal,
  })

// --- Billing --------------------------------------------------------------------------------

export const getPlanOffers = (currency: 'usd' | 'eur'): Promise<PlanOffers> =>
  settle(client.GET('/v1/billing/plans', { params: { query: { currency } } }))
export const getSubscriptionInfo = (): Promise<SubscriptionInfo> =>
  settle(client.GET('/v1/billing/subscription-info'))
export const listInvoices = (): Promise<{ invoices: Invoice[] }> => settle(client.GET('/v1/billing/invoices'))
export const createCheckoutSession = (body: CheckoutRequest): Promise<{ url: string }> =>
  settle(client.POST('/create-checkout-session', { body }))
export const changeSubscription = (body: ChangeRequest): Promise<SubscriptionInfo> =>
  settle(client.POST('/change-subscription', { body }))
export const cancelDowngrade = (): Promise<SubscriptionInfo> => settle(client.POST('/cancel-downgrade'))
export const cancelSubscription = (): Promise<SubscriptionInfo> => settle(client.POST('/cancel-subscription'))
export const renewSubscription = (): Promise<SubscriptionInfo> => settle(client.POST('/renew-subscription'))
export const applyDiscount = (discountCode: string): Promise<SubscriptionInfo> =>
  settle(client.POST('/apply-discount', { body: { discount_code: discountCode } }))
export const validatePromocode = (promocode: string): Promise<PromoValidation> =>
  settle(client.POST('/validate-promocode', { body: { promocode } }))
export const getCheckoutSession = (sessionId: string): Promise<CheckoutSession> =>
  settle(
    client.GET('/v1/billing/local/checkout/{session_id}', { params: { path: { session_id: sessionId } } }),
  )
export const payCheckoutSession = (sessionId: string, cardNumber: string): Promise<SubscriptionInfo> =>
  settle(
    client.POST('/v1/billing/local/checkout/{session_id}/pay', {
      params: { path: { session_id: sessionId } },
      body: { card_number: cardNumber },
    }),
  )

export const createPortalSession = (): Promise<{ url: string }> =>
  settle(client.POST('/create-portal-session'))
export const createPaymentMethodsSession = (): Promise<{ url: string }> =>
  settle(client.POST('/create-update-payment-methods-session'))
export const getLocalPortal = (): Promise<LocalPortal> => settle(client.GET('/v1/billing/local/portal'))
export const replaceLocalCard = (cardNumber: string): Promise<LocalPortal> =>
  settle(client.POST('/v1/billing/local/portal/payment-method', { body: { card_number: cardNumber } }))
export const getGrantSession = (sessionId: string): Promise<GrantSession> =>
  settle(
    client.GET('/v1/billing/grant-sessions/{session_id}', { params: { path: { session_id: sessionId } } }),
  )
export const acceptGrantSession = (sessionId: string): Promise<SubscriptionInfo> =>
  settle(
    client.POST('/v1/billing/grant-sessions/{session_id}/accept', {
      params: { path: { session_id: sessionId } },
    }),
  )
export const convertWorkspaceToGrant = (sessionId: string): Promise<SubscriptionInfo> =>
  settle(client.POST('/convert-paying-workspace-to-grant', { body: { session_id: sessionId } }))

// --- Usage ----------------------------------------------------------------------------------

export const getCharacterStats = (query: CharacterStatsQuery): Promise<CharacterStats> =>
  settle(client.GET('/v1/usage/character-stats', { params: { query } }))
/** POST /v1/sound-generation: the effect's audio; `history-item-id` names its history item. */
export const generateSoundEffect = (
  body: SoundEffectRequest,
  outputFormat: string,
  signal?: AbortSignal,
): Promise<Response> =>
  binary(`/v1/sound-generation?output_format=${encodeURIComponent(outputFormat)}`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
    signal,
  })

/** POST /v1/audio-isolation/stream (multipart `audio`): the isolated voice as MP3, streamed. */
export const isolateAudio = (file: File, signal?: AbortSignal): Promise<Response> => {
  const form = new FormData()
  form.set('audio', file, file.name)
  return binary('/v1/audio-isolation/stream', { method: 'POST', body: form, signal })
}

/** GET /v1/audio-isolation/history: the workspace's isolated recordings, newest first. */
export const listIsolations = (): Promise<IsolationPage> =>
  settle(client.GET('/v1/audio-isolation/history', { params: { query: { page_size: 50 } } }))

/** The audio of an isolated recording. */
export const isolationAudio = (id: string): Promise<Response> =>
  binary(`/v1/audio-isolation/history/${encodeURIComponent(id)}/audio`, { method: 'GET' })

/** DELETE /v1/audio-isolation/history/{id}. */
export const deleteIsolation = (id: string): Promise<unknown> =>
  settle(
    client.DELETE('/v1/audio-isolation/history/{history_item_id}', {
      params: { path: { history_item_id: id } },
    }),
  )

const projectPath = (id: string) => ({ params: { path: { project_id: id } } })
const chapterPath = (projectId: string, chapterId: string) => ({
  params: { path: { project_id: projectId, chapter_id: chapterId } },
})
export const listStudioProjects = (): Promise<StudioProjectList> => settle(client.GET('/v1/studio/projects'))
export const getStudioProject = (id: string): Promise<StudioProjectDetail> =>
  settle(client.GET('/v1/studio/projects/{project_id}', projectPath(id)))
export const deleteStudioProject = (id: string): Promise<{ status: 'ok' }> =>
  settle(client.DELETE('/v1/studio/projects/{project_id}', projectPath(id)))
export const getStudioChapter = (projectId: string, chapterId: string): Promise<StudioChapter> =>
  settle(
    client.GET('/v1/studio/projects/{project_id}/chapters/{chapter_id}', chapterPath(projectId, chapterId)),
  )
export const saveStudioChapter = (
  projectId: string,
  chapterId: string,
  body: StudioChapterSave,
): Promise<{ chapter: StudioChapter }> =>
  settle(
    client.POST('/v1/studio/projects/{project_id}/chapters/{chapter_id}', {
      ...chapterPath(projectId, chapterId),
      body,
    }),
  )
export const addStudioChapter = (projectId: string, name: string): Promise<{ chapter: StudioChapter }> =>
  settle(
    client.POST('/v1/studio/projects/{project_id}/chapters', { ...projectPath(projectId), body: { name } }),
  )

export const convertStudioProject = (projectId: string) =>
  settle(client.POST('/v1/studio/projects/{project_id}/convert', projectPath(projectId)))
export const convertStudioChapter = (projectId: string, chapterId: string) =>
  settle(
    client.POST(
      '/v1/studio/projects/{project_id}/chapters/{chapter_id}/convert',
      chapterPath(projectId, chapterId),
    ),
  )
export const regenerateStudioBlock = (projectId: string, chapterId: string, blockId: string) =>
  settle(
    client.POST('/v1/studio/projects/{project_id}/chapters/{chapter_id}/blocks/{block_id}/regenerate', {
      params: { path: { project_id: projectId, chapter_id: chapterId, block_id: blockId } },
    }),
  )
export const lockStudioBlock = (projectId: string, chapterId: string, blockId: string, locked: boolean) =>
  settle(
    client.POST('/v1/studio/projects/{project_id}/chapters/{chapter_id}/blocks/{block_id}/lock', {
      params: { path: { project_id: projectId, chapter_id: chapterId, block_id: blockId } },
      body: { locked },
    }),
  )
export const listStudioChapterSnapshots = (projectId: string, chapterId: string) =>
  settle(
    client.GET(
      '/v1/studio/projects/{project_id}/chapters/{chapter_id}/snapshots',
      chapterPath(projectId, chapterId),
    ),
  )
/** A chapter snapshot's MP3 (the stream call is a POST, so it is fetched and played from a blob). */
export async function studioChapterSnapshotAudio(
  projectId: string,
  chapterId: string,
  snapshotId: string,
): Promise<Blob> {
  const path = [projectId, 'chapters', chapterId, 'snapshots', snapshotId].map(encodeURIComponent).join('/')
  const response = await binary(`/v1/studio/projects/${path}/stream`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: '{}',
  })
  return response.blob()
}
/** Starts an export job of the project (no chapter) or a chapter; a running identical one is answered. */
export const startStudioExport = (projectId: string, format: StudioExportFormat, chapterId?: string) =>
  settle(
    client.POST('/v1/studio/projects/{project_id}/exports', {
      ...projectPath(projectId),
      body: { format, chapter_id: chapterId ?? null },
    }),
  )
export const getStudioExport = (projectId: string, exportId: string) =>
  settle(
    client.GET('/v1/studio/projects/{project_id}/exports/{export_id}', {
      params: { path: { project_id: projectId, export_id: exportId } },
    }),
  )
/** Where a finished export downloads from (same origin, the session cookie goes with it). */
export const studioExportDownloadUrl = (projectId: string, exportId: string): string =>
  `/v1/studio/projects/${encodeURIComponent(projectId)}/exports/${encodeURIComponent(exportId)}/download`

/** POST /v1/studio/projects: a multipart form with the name and, optionally, a document. */
export async function createStudioProject(input: {
  name: string
  document: File | null
}): Promise<StudioProject> {
  const form = new FormData()
  form.set('name', input.name)
  if (input.document) form.set('from_document', input.document, input.document.name)
  const response = await binary('/v1/studio/projects', {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })
  return ((await response.json()) as { project: StudioProject }).project
}

/** POST /v1/text-to-voice/design: three previews of a described voice. */
export const designVoice = (body: {
  voice_description: string
  text?: string
  auto_generate_text?: boolean
}) =>
  settle(
    client.POST('/v1/text-to-voice/design', {
      params: { query: { output_format: DEFAULT_OUTPUT_FORMAT } },
      body,
    }),
  )

/** POST /v1/text-to-voice: a workspace voice from a preview. */
export const createVoiceFromPreview = (body: {
  voice_name: string
  voice_description: string
  generated_voice_id: string
}) => settle(client.POST('/v1/text-to-voice', { body }))

/** POST /v1/speech-to-speech/{voice_id}/stream: the recording spoken in another voice. */
export const convertSpeech = (voiceId: string, audio: Blob, fileName: string, signal?: AbortSignal) => {
  const form = new FormData()
  form.set('audio', audio, fileName)
  form.set('model_id', 'eleven_multilingual_sts_v2')
  return binary(`/v1/speech-to-speech/${encodeURIComponent(voiceId)}/stream`, {
    method: 'POST',
    body: form,
    signal,
  })
}

// Professional voice clones (the /v1/voices/pvc calls), read as JSON from plain fetches.
export interface PvcSample {
  sample_id: string
  file_name: string
  duration_secs: number
  speaker_separation: {
    status: 'not_started' | 'pending' | 'completed' | 'failed'
    speakers: Record<
      string,
      { speaker_id: string; duration_secs: number; utterances: { start: number; end: number }[] }
    > | null
    selected_speaker_ids: string[] | null
  }
}
export interface PvcStatus {
  voice_id: string
  name: string
  language: string | null
  state: 'draft' | 'needs_verification' | 'fine_tuning' | 'ready' | 'blocked'
  verified: boolean
  verification_attempts_count: number
  verification_attempts_max: number
  manual_verification_requested: boolean
  training_progress: number
  training_error: string | null
  dataset_duration_seconds: number
  min_training_seconds: number
  samples: PvcSample[]
}

const pvcJson = async <T>(url: string, init: RequestInit = {}): Promise<T> =>
  (await (await binary(url, { headers: { accept: 'application/json' }, ...init })).json()) as T
const pvcPath = (voiceId: string) => `/v1/voices/pvc/${encodeURIComponent(voiceId)}`

export const createPvc = (body: { name: string; language: string; description?: string }) =>
  pvcJson<{ voice_id: string }>('/v1/voices/pvc', {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify(body),
  })
export const getPvc = (voiceId: string) => pvcJson<PvcStatus>(pvcPath(voiceId))
export const addPvcSamples = (voiceId: string, files: { blob: Blob; name: string }[]) => {
  const form = new FormData()
  for (const file of files) form.append('files', file.blob, file.name)
  return pvcJson<unknown[]>(`${pvcPath(voiceId)}/samples`, { method: 'POST', body: form })
}
export const deletePvcSample = (voiceId: string, sampleId: string) =>
  pvcJson<{ status: string }>(`${pvcPath(voiceId)}/samples/${encodeURIComponent(sampleId)}`, {
    method: 'DELETE',
  })
export const getPvcWaveform = (voiceId: string, sampleId: string) =>
  pvcJson<{ visual_waveform: number[] }>(
    `${pvcPath(voiceId)}/samples/${encodeURIComponent(sampleId)}/waveform`,
  )
export const separatePvcSpeakers = (voiceId: string, sampleId: string) =>
  pvcJson<{ status: string }>(
    `${pvcPath(voiceId)}/samples/${encodeURIComponent(sampleId)}/separate-speakers`,
    {
      method: 'POST',
    },
  )
export const getPvcSpeakerAudio = (voiceId: string, sampleId: string, speakerId: string) =>
  pvcJson<{ audio_base64: string; media_type: string }>(
    `${pvcPath(voiceId)}/samples/${encodeURIComponent(sampleId)}/speakers/${encodeURIComponent(speakerId)}/audio`,
  )
export const getPvcCaptcha = (voiceId: string) =>
  pvcJson<{ text: string; attempts_left: number }>(`${pvcPath(voiceId)}/captcha`)
export const verifyPvcCaptcha = (voiceId: string, recording: Blob, name: string) => {
  const form = new FormData()
  form.set('recording', recording, name)
  return pvcJson<{ status: string }>(`${pvcPath(voiceId)}/captcha`, { method: 'POST', body: form })
}
export const requestPvcVerification = (voiceId: string, files: File[], extraText: string) => {
  const form = new FormData()
  for (const file of files) form.append('files', file, file.name)
  if (extraText) form.set('extra_text', extraText)
  return pvcJson<{ status: string }>(`${pvcPath(voiceId)}/verification`, { method: 'POST', body: form })
}
export const trainPvc = (voiceId: string) =>
  pvcJson<{ status: string }>(`${pvcPath(voiceId)}/train`, {
    method: 'POST',
    headers: JSON_HEADERS,
    body: JSON.stringify({ model_id: 'eleven_multilingual_v2' }),
  })

// --- Studio cover image, publishing and podcasts --------------------------------------------

/** POST /v1/studio/projects/{id}/cover-image: multipart `cover_image`. */
export async function uploadStudioCover(projectId: string, file: File): Promise<{ project: StudioProject }> {
  const form = new FormData()
  form.set('cover_image', file, file.name)
  const response = await binary(`/v1/studio/projects/${encodeURIComponent(projectId)}/cover-image`, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })
  return (await response.json()) as { project: StudioProject }
}
export const removeStudioCover = (projectId: string) =>
  settle(client.DELETE('/v1/studio/projects/{project_id}/cover-image', projectPath(projectId)))

export const getStudioPublishing = (projectId: string): Promise<StudioPublishing> =>
  settle(client.GET('/v1/studio/projects/{project_id}/publishing', projectPath(projectId)))
export const publishStudioProject = (projectId: string, fullAccess: boolean): Promise<StudioPublishing> =>
  settle(
    client.POST('/v1/studio/projects/{project_id}/publish', {
      ...projectPath(projectId),
      body: { full_access: fullAccess },
    }),
  )
export const unpublishStudioProject = (projectId: string): Promise<StudioPublishing> =>
  settle(client.DELETE('/v1/studio/projects/{project_id}/publish', projectPath(projectId)))
/** POST /v1/studio/projects/{id}/publishing/image: multipart `image`. */
export async function uploadPublishingImage(projectId: string, file: File): Promise<StudioPublishing> {
  const form = new FormData()
  form.set('image', file, file.name)
  const response = await binary(`/v1/studio/projects/${encodeURIComponent(projectId)}/publishing/image`, {
    method: 'POST',
    headers: { accept: 'application/json' },
    body: form,
  })
  return (await response.json()) as StudioPublishing
}
export const removePublishingImage = (projectId: string): Promise<StudioPublishing> =>
  settle(client.DELETE('/v1/studio/projects/{project_id}/publishing/image', projectPath(projectId)))

/** POST /v1/studio/podcasts: a Studio project of a podcast written from the sources. */
export const createPodcast = (body: PodcastRequest): Promise<{ project: StudioProject }> =>
  settle(client.POST('/v1/studio/podcasts', { body }))
