import {
  AUDIO_NATIVE_DEFAULTS,
  AUDIO_NATIVE_MAX_CHARACTERS,
  AUDIO_NATIVE_MAX_DICTIONARIES,
  AUDIO_NATIVE_MAX_SESSIONIZATION,
  AUDIO_NATIVE_NAME_MAX,
  AUDIO_NATIVE_SESSION_ID,
  AUDIO_NATIVE_TEXT_NORMALIZATION,
  type AudioNativeState,
  DEFAULT_TTS_MODEL_ID,
} from '@timbre/contract'
import { PREMADE_VOICES } from '@timbre/speech'
import type { Transaction } from 'kysely'
import type { DB } from '../../db/schema.js'
import { AppError } from '../../errors.js'
import type { JobQueue } from '../../jobs/queue.js'
import { newId } from '../../lib/ids.js'
import type { FileStorage } from '../../lib/storage.js'
import { extractArticle, InvalidSelector, paragraphsOfText } from '../../lib/web-page/article-text.js'
import {
  pronunciationRules,
  resolveModel,
  resolveVoice,
} from '../../platform/generation/generation-inputs.js'
import { fetchPage, type OutboundPolicy, parseOutboundUrl } from '../../platform/outbound/outbound.js'
import type { Principal } from '../../plugins/auth.js'
import type { PronunciationRulesPort } from '../pronunciation-dictionaries/pronunciation-dictionaries.module.js'
import type { VoiceLookup } from '../voices/voices.module.js'
import type { AudioNativeRepository, AudioNativeRow } from './audio-native.repository.js'
import { type AudioNativeForm, formBoolean, formField } from './audio-native-form.js'
import { type AudioSigner, normaliseAllowlist, pageAllowed } from './page-allowlist.js'

// Audio Native players: creation with appearance and voice, new content from an uploaded page
// or a fetched URL (each content change converts again as a job), settings, the URL allowlist,
// and what the embedded player may see. Every caller's lookup is within their workspace.

type Locator = { pronunciation_dictionary_id: string; version_id: string | null }

/** How long a signed audio link given to a player works. */
const AUDIO_LINK_SECONDS = 6 * 60 * 60
const COLOUR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i

function invalid(message: string, param: string): AppError {
  return new AppError('validation_error', { message, param })
}

function checkName(raw: string | undefined): string {
  const name = raw?.trim() ?? ''
  if (!name) throw invalid('Name is required.', 'name')
  if (name.length > AUDIO_NATIVE_NAME_MAX)
    throw invalid(`The name may be at most ${AUDIO_NATIVE_NAME_MAX} characters.`, 'name')
  return name
}

function checkColour(value: string | undefined, param: string): string | undefined {
  if (value === undefined || value === '') return undefined
  if (!COLOUR.test(value.trim())) throw invalid(`'${param}' must be a colour such as #1A2B3C.`, param)
  return value.trim().toUpperCase()
}

function checkText(value: string | undefined, param: string, max = 500): string | undefined {
  if (value === undefined) return undefined
  if (value.length > max) throw invalid(`'${param}' may be at most ${max} characters.`, param)
  return value.trim()
}

function checkNormalisation(value: string | undefined): string | undefined {
  if (value === undefined || value === '') return undefined
  if (!(AUDIO_NATIVE_TEXT_NORMALIZATION as readonly string[]).includes(value))
    throw invalid(
      `'apply_text_normalization' must be one of: ${AUDIO_NATIVE_TEXT_NORMALIZATION.join(', ')}.`,
      'apply_text_normalization',
    )
  return value
}

function checkSessionization(value: string | number | undefined): number | undefined {
  if (value === undefined || value === '') return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > AUDIO_NATIVE_MAX_SESSIONIZATION)
    throw invalid(
      `'sessionization' must be whole minutes from 0 to ${AUDIO_NATIVE_MAX_SESSIONIZATION}.`,
      'sessionization',
    )
  return n
}

/** Locators as the SDK sends them: each a JSON object, or `id` / `id:version`. */
function parseLocators(values: string[]): Locator[] {
  const locators = values.map((raw) => {
    const text = raw.trim()
    if (text.startsWith('{')) {
      try {
        const parsed = JSON.parse(text) as { pronunciation_dictionary_id?: unknown; version_id?: unknown }
        if (typeof parsed.pronunciation_dictionary_id === 'string' && parsed.pronunciation_dictionary_id)
          return {
            pronunciation_dictionary_id: parsed.pronunciation_dictionary_id,
            version_id: typeof parsed.version_id === 'string' ? parsed.version_id : null,
          }
      } catch {
        // reported below
      }
      throw invalid(
        'Each pronunciation dictionary locator needs a pronunciation_dictionary_id.',
        'pronunciation_dictionary_locators',
      )
    }
    const [id, version] = text.split(':')
    if (!id)
      throw invalid('A pronunciation dictionary locator is empty.', 'pronunciation_dictionary_locators')
    return { pronunciation_dictionary_id: id, version_id: version || null }
  })
  if (locators.length > AUDIO_NATIVE_MAX_DICTIONARIES)
    throw invalid(
      `At most ${AUDIO_NATIVE_MAX_DICTIONARIES} pronunciation dictionaries per request.`,
      'pronunciation_dictionary_locators',
    )
  return locators
}

/** The article an upload holds: HTML (by its bytes, whatever its name) or plain text. */
async function articleFromUpload(data: Buffer, selector: string | null) {
  const text = data.toString('utf8')
  if (/^\s*</.test(text)) return articleFromHtml(text, selector)
  return { title: null, author: null, paragraphs: paragraphsOfText(text) }
}

async function articleFromHtml(html: string, selector: string | null) {
  try {
    return await extractArticle(html, selector)
  } catch (error) {
    if (error instanceof InvalidSelector)
      throw invalid(`'${selector}' is not a valid CSS selector.`, 'content_selector')
    throw error
  }
}

function checkContent(paragraphs: string[]): string {
  const text = paragraphs.join('\n\n')
  if (!text.trim()) throw new AppError('audio_native_no_content', { param: 'file' })
  if (text.length > AUDIO_NATIVE_MAX_CHARACTERS)
    throw invalid(
      `The article is ${text.length} characters long; a player reads at most ${AUDIO_NATIVE_MAX_CHARACTERS}.`,
      'file',
    )
  return text
}

export interface AudioNativeDeps {
  repository: AudioNativeRepository
  voices: VoiceLookup
  dictionaries: PronunciationRulesPort
  queue: JobQueue
  storage: FileStorage
  signer: AudioSigner
  outbound: OutboundPolicy
}

export function createAudioNativeService(deps: AudioNativeDeps) {
  const { repository } = deps

  async function requireProject(principal: Pick<Principal, 'workspaceId'>, id: string) {
    const row = await repository.find(principal.workspaceId, id)
    if (!row) throw new AppError('audio_native_project_not_found', { param: 'project_id' })
    return row
  }

  /** Refuses an unknown voice, model or dictionary before anything is stored. */
  async function checkSpeech(workspaceId: string, voiceId: string, modelId: string, locators: Locator[]) {
    await resolveVoice(deps.voices, workspaceId, voiceId)
    resolveModel(modelId)
    await pronunciationRules(deps, workspaceId, locators, modelId)
  }

  const enqueue = (projectId: string) => (trx: Transaction<DB>, version: number) =>
    deps.queue.send('audio-native.convert', { projectId, version }, { trx })

  function snippet(siteOrigin: string, id: string): string {
    return (
      `<div id="timbre-audio-native" data-project-id="${id}"></div>\n` +
      `<script src="${siteOrigin}/audio-native/player.js" async></script>`
    )
  }

  /** Whether the player has live audio (a published version), whatever is being converted. */
  const live = (row: AudioNativeRow) => row.audio_key !== null && row.published_version !== null

  function state(row: AudioNativeRow) {
    return {
      status: row.status as AudioNativeState,
      progress: row.progress,
      error: row.error_code ? { code: row.error_code, message: row.error_message ?? '' } : null,
      auto_publish: row.auto_publish,
      live: live(row),
    }
  }

  /**
   * Stores new content (a new version) and, when asked, queues its conversion; `publish` says
   * whether that conversion goes live when it ends. Audio converted for older content and not
   * published is dropped; the published audio keeps playing until newer audio is published.
   */
  async function replaceContent(
    row: AudioNativeRow,
    content: { text: string; title?: string | null; author?: string | null; pageUrl?: string },
    convert: boolean,
    publish: boolean,
  ): Promise<void> {
    await repository.replaceContent(
      row.id,
      {
        content_text: content.text,
        status: convert ? 'queued' : 'draft',
        progress: 0,
        error_code: null,
        error_message: null,
        auto_publish: publish,
        pending_audio_key: null,
        pending_content_type: null,
        ...(content.title ? { title: content.title.slice(0, 500) } : {}),
        ...(content.author ? { author: content.author.slice(0, 500) } : {}),
        ...(content.pageUrl ? { page_url: content.pageUrl } : {}),
      },
      convert ? enqueue(row.id) : null,
    )
    if (row.pending_audio_key) await deps.storage.delete(row.pending_audio_key).catch(() => undefined)
  }

  return {
    snippet,

    async create(principal: Principal, form: AudioNativeForm, siteOrigin: string) {
      const name = checkName(formField(form, 'name'))
      const voiceId = formField(form, 'voice_id') || (PREMADE_VOICES[0]?.voice_id ?? '')
      const modelId = formField(form, 'model_id') || DEFAULT_TTS_MODEL_ID
      const locators = parseLocators(form.fields.get('pronunciation_dictionary_locators') ?? [])
      const selector = checkText(formField(form, 'content_selector'), 'content_selector', 300) || null
      const allowlist = normaliseAllowlist(form.fields.get('allowed_urls') ?? [])
      const normalisation = checkNormalisation(formField(form, 'apply_text_normalization')) ?? 'auto'
      const appearance = {
        title: checkText(formField(form, 'title'), 'title') ?? '',
        author: checkText(formField(form, 'author'), 'author') ?? '',
        image: checkText(formField(form, 'image'), 'image', 2000) ?? '',
        small: formBoolean(form, 'small') ?? AUDIO_NATIVE_DEFAULTS.small,
        text_color:
          checkColour(formField(form, 'text_color'), 'text_color') ?? AUDIO_NATIVE_DEFAULTS.textColor,
        background_color:
          checkColour(formField(form, 'background_color'), 'background_color') ??
          AUDIO_NATIVE_DEFAULTS.backgroundColor,
        sessionization:
          checkSessionization(formField(form, 'sessionization')) ?? AUDIO_NATIVE_DEFAULTS.sessionization,
      }
      const autoConvert = formBoolean(form, 'auto_convert') ?? false
      // Ours: the SDK's create has no auto_publish; a new player's first audio goes live unless
      // auto_publish=false is sent.
      const autoPublish = formBoolean(form, 'auto_publish') ?? true
      await checkSpeech(principal.workspaceId, voiceId, modelId, locators)
      const article = form.file ? await articleFromUpload(form.file.data, selector) : null
      const text = article ? checkContent(article.paragraphs) : ''
      const convert = autoConvert && text !== ''
      const id = newId()
      await repository.insert(
        {
          id,
          workspace_id: principal.workspaceId,
          created_by: principal.userId,
          api_key_id: principal.apiKey?.id ?? null,
          name,
          ...appearance,
          title: appearance.title || article?.title || name,
          author: appearance.author || article?.author || '',
          voice_id: voiceId,
          model_id: modelId,
          apply_text_normalization: normalisation,
          dictionary_locators: JSON.stringify(locators),
          allowed_urls: JSON.stringify(allowlist),
          content_selector: selector,
          page_url: null,
          content_text: text,
          status: convert ? 'queued' : 'draft',
          audio_version: 1,
          auto_publish: autoPublish,
        },
        async (trx) => {
          if (convert) await enqueue(id)(trx, 1)
        },
      )
      return { project_id: id, converting: convert, html_snippet: snippet(siteOrigin, id) }
    },

    async updateContent(principal: Principal, projectId: string, form: AudioNativeForm, siteOrigin: string) {
      const row = await requireProject(principal, projectId)
      const autoConvert = formBoolean(form, 'auto_convert') ?? false
      const autoPublish = formBoolean(form, 'auto_publish') ?? false
      if (!form.file) throw invalid("The field 'file' is required.", 'file')
      const article = await articleFromUpload(form.file.data, row.content_selector)
      const text = checkContent(article.paragraphs)
      // Nothing is converted unless asked; converted audio goes live only with auto_publish (or
      // a later publish call), and the published audio plays meanwhile.
      await replaceContent(row, { text }, autoConvert, autoPublish)
      return {
        project_id: row.id,
        converting: autoConvert,
        publishing: autoConvert && autoPublish,
        html_snippet: snippet(siteOrigin, row.id),
      }
    },

    /** The spec's content call: the page at `url` is fetched again and its player re-converted. */
    async updateFromUrl(
      principal: Principal,
      body: { url: string; author?: string | undefined; title?: string | undefined },
      siteOrigin: string,
    ) {
      // HTTPS and no private address literal, before anything else is looked at.
      const target = parseOutboundUrl(body.url, deps.outbound)
      target.hash = ''
      const pageUrl = target.toString()
      const byPage = await repository.findByPageUrl(principal.workspaceId, pageUrl)
      const row =
        byPage ??
        (await repository.list(principal.workspaceId)).find(
          (r) => r.allowed_urls.length > 0 && pageAllowed(r.allowed_urls, pageUrl, target.origin),
        )
      if (!row)
        throw new AppError('audio_native_project_not_found', {
          message: 'No Audio Native project of this workspace is set up for this page.',
          param: 'url',
        })
      const page = await fetchPage(pageUrl, deps.outbound)
      const article = await articleFromHtml(page.html, row.content_selector)
      const text = checkContent(article.paragraphs)
      await replaceContent(
        row,
        {
          text,
          title: checkText(body.title, 'title') || article.title,
          author: checkText(body.author, 'author') || article.author,
          pageUrl,
        },
        true,
        true,
      )
      return {
        project_id: row.id,
        converting: true,
        publishing: true,
        html_snippet: snippet(siteOrigin, row.id),
      }
    },

    /**
     * Converts the current content again (after a voice change, a failure, or content stored
     * with auto_convert off); `autoPublish` defaults to what the content call asked for.
     */
    async convert(principal: Principal, projectId: string, autoPublish?: boolean) {
      const row = await requireProject(principal, projectId)
      if (!row.content_text) throw new AppError('audio_native_no_content', { param: 'file' })
      await replaceContent(row, { text: row.content_text }, true, autoPublish ?? row.auto_publish)
      return this.settings(principal, projectId)
    },

    /** Ours (the SDK has none): puts converted audio that waits for publishing live. */
    async publish(principal: Principal, projectId: string) {
      const row = await requireProject(principal, projectId)
      if (row.status === 'published') return this.settings(principal, projectId)
      if (row.status !== 'converted' || !row.pending_audio_key)
        throw new AppError('audio_native_nothing_to_publish')
      if (!(await repository.publish(row.id, row.audio_version, row.audio_key)))
        throw new AppError('audio_native_nothing_to_publish')
      if (row.audio_key) await deps.storage.delete(row.audio_key).catch(() => undefined)
      return this.settings(principal, projectId)
    },

    async settings(principal: Principal, projectId: string) {
      const row = await requireProject(principal, projectId)
      const ready = live(row)
      return {
        enabled: true,
        ...(ready ? { snapshot_id: `${row.id}-v${row.published_version}` } : {}),
        settings: {
          title: row.title,
          image: row.image,
          author: row.author,
          small: row.small,
          text_color: row.text_color,
          background_color: row.background_color,
          sessionization: row.sessionization,
          ...(ready
            ? {
                audio_path: `audio-native/${row.id}/audio`,
                audio_url: `/audio-native/${row.id}/audio`,
              }
            : {}),
          status: ready ? ('ready' as const) : ('processing' as const),
        },
        project: this.view(row),
      }
    },

    view(row: AudioNativeRow) {
      return {
        project_id: row.id,
        name: row.name,
        voice_id: row.voice_id,
        model_id: row.model_id,
        apply_text_normalization: row.apply_text_normalization,
        pronunciation_dictionary_locators: row.dictionary_locators,
        allowed_urls: row.allowed_urls,
        content_selector: row.content_selector,
        page_url: row.page_url,
        characters: row.content_text.length,
        ...state(row),
        created_at_unix: Math.floor(row.created_at.getTime() / 1000),
        updated_at_unix: Math.floor(row.updated_at.getTime() / 1000),
      }
    },

    async list(principal: Principal) {
      const rows = await repository.list(principal.workspaceId)
      return { projects: rows.map((row) => this.view(row)) }
    },

    async updateSettings(
      principal: Principal,
      projectId: string,
      body: {
        title?: string | undefined
        author?: string | undefined
        image?: string | undefined
        small?: boolean | undefined
        text_color?: string | undefined
        background_color?: string | undefined
        sessionization?: number | undefined
        allowed_urls?: string[] | undefined
        content_selector?: string | null | undefined
        voice_id?: string | undefined
        model_id?: string | undefined
        apply_text_normalization?: string | undefined
        pronunciation_dictionary_locators?: string[] | undefined
      },
    ) {
      const row = await requireProject(principal, projectId)
      const locators =
        body.pronunciation_dictionary_locators !== undefined
          ? parseLocators(body.pronunciation_dictionary_locators)
          : row.dictionary_locators
      const voiceId = body.voice_id ?? row.voice_id
      const modelId = body.model_id ?? row.model_id
      await checkSpeech(principal.workspaceId, voiceId, modelId, locators)
      const changes = {
        ...(body.title !== undefined ? { title: checkText(body.title, 'title') ?? '' } : {}),
        ...(body.author !== undefined ? { author: checkText(body.author, 'author') ?? '' } : {}),
        ...(body.image !== undefined ? { image: checkText(body.image, 'image', 2000) ?? '' } : {}),
        ...(body.small !== undefined ? { small: body.small } : {}),
        ...(body.text_color !== undefined ? { text_color: checkColour(body.text_color, 'text_color') } : {}),
        ...(body.background_color !== undefined
          ? { background_color: checkColour(body.background_color, 'background_color') }
          : {}),
        ...(body.sessionization !== undefined
          ? { sessionization: checkSessionization(body.sessionization) }
          : {}),
        ...(body.allowed_urls !== undefined
          ? { allowed_urls: JSON.stringify(normaliseAllowlist(body.allowed_urls)) }
          : {}),
        ...(body.content_selector !== undefined
          ? { content_selector: checkText(body.content_selector ?? '', 'content_selector', 300) || null }
          : {}),
        voice_id: voiceId,
        model_id: modelId,
        apply_text_normalization:
          checkNormalisation(body.apply_text_normalization) ?? row.apply_text_normalization,
        dictionary_locators: JSON.stringify(locators),
      }
      if (changes.content_selector)
        await articleFromHtml('<html><body></body></html>', changes.content_selector)
      await repository.update(row.id, changes)
      return this.settings(principal, projectId)
    },

    async remove(principal: Principal, projectId: string) {
      const row = await repository.delete(principal.workspaceId, projectId)
      if (!row) throw new AppError('audio_native_project_not_found', { param: 'project_id' })
      for (const key of [row.audio_key, row.pending_audio_key])
        if (key) await deps.storage.delete(key).catch(() => undefined)
    },

    async analytics(principal: Principal, projectId: string) {
      const row = await requireProject(principal, projectId)
      const pages = await repository.playsByPage(row.id)
      return {
        project_id: row.id,
        total_plays: pages.reduce((n, p) => n + p.plays, 0),
        pages: pages.map((p) => ({
          page_url: p.page_url,
          plays: p.plays,
          last_played_unix: Math.floor(p.last.getTime() / 1000),
        })),
      }
    },

    // --- What the embedded player sees (no sign-in; the page must be allowed) ---

    async allowedProject(projectId: string, page: string | undefined, origin: string | undefined) {
      const row = await repository.findAny(projectId)
      if (!row) throw new AppError('audio_native_project_not_found', { param: 'project_id' })
      if (!pageAllowed(row.allowed_urls, page, origin)) throw new AppError('audio_native_page_not_allowed')
      return row
    },

    async player(
      projectId: string,
      page: string | undefined,
      origin: string | undefined,
      siteOrigin: string,
    ) {
      const row = await this.allowedProject(projectId, page, origin)
      const ready = live(row)
      const version = row.published_version ?? 0
      const expires = Math.floor(Date.now() / 1000) + AUDIO_LINK_SECONDS
      const query = `v=${version}&exp=${expires}&sig=${deps.signer.sign(row.id, version, expires)}`
      return {
        project_id: row.id,
        title: row.title,
        author: row.author,
        image: row.image,
        small: row.small,
        text_color: row.text_color,
        background_color: row.background_color,
        status: row.status as AudioNativeState,
        sessionization: row.sessionization,
        audio_version: ready ? version : null,
        audio_url: ready ? `${siteOrigin}/audio-native/${row.id}/audio?${query}` : null,
      }
    },

    async audio(projectId: string, link: { v: number; exp: number; sig: string }) {
      const row = await repository.findAny(projectId)
      if (!row || !deps.signer.verify(projectId, link.v, link.exp, link.sig))
        throw new AppError('audio_native_page_not_allowed')
      if (!row || !live(row) || !row.audio_key || row.published_version !== link.v)
        throw new AppError('audio_native_not_published')
      const audio = await deps.storage.get(row.audio_key)
      if (!audio) throw new AppError('audio_native_not_published')
      return { audio, contentType: row.audio_content_type ?? 'audio/mpeg' }
    },

    /**
     * Counts a play of a page. With a session id (anonymous, made by the player) and a
     * sessionization window, one listener session counts once per page within the window.
     */
    async recordPlay(
      projectId: string,
      page: string | undefined,
      origin: string | undefined,
      session: string | undefined,
    ): Promise<{ counted: boolean }> {
      if (session !== undefined && !AUDIO_NATIVE_SESSION_ID.test(session))
        throw invalid('The listener session id is not valid.', 'session')
      const row = await this.allowedProject(projectId, page, origin)
      const url = new URL(page as string)
      url.hash = ''
      const counted = await repository.addPlay(
        {
          id: newId(),
          project_id: row.id,
          page_url: url.toString().slice(0, 2000),
          session_id: session ?? null,
        },
        row.sessionization,
      )
      return { counted }
    },
  }
}

export type AudioNativeService = ReturnType<typeof createAudioNativeService>
