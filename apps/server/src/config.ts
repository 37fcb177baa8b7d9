import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { isIP } from 'node:net'
import { availableParallelism } from 'node:os'
import { join, resolve } from 'node:path'
import { z } from 'zod'
import { type StorageConfig, storageConfigFrom, storageEnvShape } from './lib/storage/storage.config.js'

// Every environment variable, checked once at boot, with a message that names the variable.
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Timbre <no-reply@timbre.local>'),
  PUBLIC_URL: z.url().optional(),
  /**
   * Proxy headers (X-Forwarded-For, -Proto, -Host) are believed only from the proxies named
   * here: a hop count, or a comma-separated list of proxy addresses and CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const problem = value === undefined ? null : trustProxyProblem(value)
      if (problem) ctx.addIssue({ code: 'custom', message: problem })
    }),
  /** Signs nothing yet but derives secrets at rest; generated into DATA_DIR when absent. */
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * Neural voice model files (Piper: `<name>.onnx` with `<name>.onnx.json`), listed as voices at
   * start; DATA_DIR/models when unset. A missing directory means no neural voices.
   */
  MODELS_DIR: z.string().min(1).optional(),
  /**
   * The embedded database's page cache (PostgreSQL's shared_buffers), MB; all of it is resident
   * memory. Ignored with DATABASE_URL.
   */
  EMBEDDED_DB_CACHE_MB: z.coerce.number().int().min(1).max(4096).default(16),
  /** Speech synthesis worker threads (one engine instance each). */
  SPEECH_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Start the speech threads (and so their warm-up) with the server, so the first request after
   * a restart does not wait seconds for them; off, an idle server holds no threads. On by default.
   */
  SPEECH_START_AT_BOOT: z
    .enum(['true', 'false', '1', '0'], 'must be true or false')
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Each new speech thread speaks one short phrase per engine while idle, so its first request
   * does not pay for loading the engines (about 100 MB a thread, loaded by its first request
   * anyway). On by default.
   */
  SPEECH_WARM_UP: z
    .enum(['true', 'false', '1', '0'], 'must be true or false')
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Seconds a credit reservation outlives a silent process: a live one renews it, and after a
   * crash the reservation is settled for what was delivered once it runs out.
   */
  CREDIT_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Operators may lower the voice-isolation upload limits (bytes, seconds); never raise them. */
  AUDIO_ISOLATION_MAX_BYTES: z.coerce.number().int().min(1).optional(),
  AUDIO_ISOLATION_MAX_SECONDS: z.coerce.number().min(1).optional(),
  /** Lower minimum of audio before a professional clone trains (an operator's choice), seconds. */
  PVC_MIN_TRAINING_SECONDS: z.coerce.number().min(1).optional(),
  NODE_ENV: z.string().optional(),
  /** Stripe instead of the local test-mode provider: the secret key and the webhook's signing secret. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another address for Stripe's API (e.g. a Stripe-compatible mock); Stripe's own by default. */
  STRIPE_API_URL: z.url().optional(),
  /** A PEM file of certificate authorities trusted for an HTTPS STRIPE_API_URL (a private CA). */
  STRIPE_API_CA_FILE: z.string().min(1).optional(),
  /**
   * The operator's token for /v1/operator/* (promo codes, grant offers), sent as a Bearer token.
   * Unset: those routes do not exist (404).
   */
  OPERATOR_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /**
   * The accounts (emails, separated by commas) that administer the Productions marketplace:
   * they review producer applications and producers' submitted work.
   */
  PRODUCTIONS_ADMIN_EMAILS: z.string().default(''),
  ...storageEnvShape,
  /**
   * Concurrency slots are database leases shared by all replicas; one that is not renewed for
   * this long (its process died) stops counting.
   */
  CONCURRENCY_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  /** How often a process renews the leases it holds; well under the lease length. */
  CONCURRENCY_HEARTBEAT_MS: z.coerce.number().int().min(100).max(300_000).optional(),
  /**
   * Webhooks may reach private, loopback, link-local and unique-local addresses (a receiver on
   * the operator's own network). Off by default: such URLs are refused, also after DNS lookup.
   */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false', '1', '0'], 'must be true or false')
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Identity providers (OIDC issuers, SAML sign-in URLs) may be on private addresses, and one on
   * a loopback address may use plain http:// (a provider beside Timbre on a laptop or in tests).
   * Off by default: HTTPS to public addresses only.
   */
  SSO_ALLOW_PRIVATE_ADDRESSES: z
    .enum(['true', 'false', '1', '0'], 'must be true or false')
    .optional()
    .transform((v) => v === 'true' || v === '1'),
  /**
   * An OpenAI-compatible chat-completions URL (https://host/v1/chat/completions) that writes
   * podcast conversations. The operator's choice, so plain http to a model beside Timbre is
   * accepted. Unset: conversation podcasts answer an error naming this variable.
   */
  PODCAST_LLM_URL: z
    .string()
    .url('must be an http(s) URL')
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
    .optional(),
  /** The model name sent to PODCAST_LLM_URL. */
  PODCAST_LLM_MODEL: z.string().min(1).max(200).default('default'),
  /** Sent as a Bearer token to PODCAST_LLM_URL when set. */
  PODCAST_LLM_API_KEY: z.string().min(1).optional(),
  /**
   * An OpenAI-compatible embeddings URL (https://host/v1/embeddings) that gives knowledge base
   * passages vectors, so agents find answers by meaning as well as by words. The operator's
   * choice, so plain http to a model beside Timbre is accepted. Unset: words alone (BM25).
   */
  KB_EMBEDDINGS_URL: z
    .string()
    .url('must be an http(s) URL')
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
    .optional(),
  /** The model name sent to KB_EMBEDDINGS_URL. */
  KB_EMBEDDINGS_MODEL: z.string().min(1).max(200).default('default'),
  /** Sent as a Bearer token to KB_EMBEDDINGS_URL when set. */
  KB_EMBEDDINGS_API_KEY: z.string().min(1).optional(),
  /**
   * The operator's OpenAI-compatible chat-completions URL agents may run on (a local llama.cpp,
   * Ollama or vLLM server, or a hosted one); plain http to a model beside Timbre is accepted.
   */
  AGENTS_LLM_URL: z
    .string()
    .url('must be an http(s) URL')
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
    .optional(),
  /** The model names AGENTS_LLM_URL serves, comma-separated; agents choose among them. */
  AGENTS_LLM_MODELS: z.string().min(1).max(2000).default('default'),
  /** Sent as a Bearer token to AGENTS_LLM_URL when set. */
  AGENTS_LLM_API_KEY: z.string().min(1).optional(),
  /** Twilio's REST API (calls are placed through it, under the outbound rules); changeable for tests. */
  TWILIO_API_URL: z
    .string()
    .url('must be an https URL')
    .refine((v) => v.startsWith('https://'), 'must be an https URL')
    .default('https://api.twilio.com'),
  /** The IPv4 address SIP trunks reach this server at, when it sits behind NAT. */
  SIP_PUBLIC_ADDRESS: z.ipv4({ message: 'must be an IPv4 address' }).optional(),
  /** A LibreTranslate-compatible server dubbing translates with (after Apertium's pairs). */
  LIBRETRANSLATE_URL: z
    .string()
    .url('must be an http(s) URL')
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
    .optional(),
  /** Sent as `api_key` to LIBRETRANSLATE_URL when set. */
  LIBRETRANSLATE_API_KEY: z.string().min(1).optional(),
  /**
   * The operator's OpenAI-compatible chat-completions URL dubbing translates with, before
   * Apertium (which still translates its pairs when this endpoint fails); plain http to a model
   * beside Timbre is accepted.
   */
  DUBBING_LLM_URL: z
    .string()
    .url('must be an http(s) URL')
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
    .optional(),
  /** The model name sent to DUBBING_LLM_URL. */
  DUBBING_LLM_MODEL: z.string().min(1).max(200).default('default'),
  /** Sent as a Bearer token to DUBBING_LLM_URL when set. */
  DUBBING_LLM_API_KEY: z.string().min(1).optional(),
  /** DNS servers for domain verification, comma-separated host or host:port; default the system's. */
  DNS_SERVER: z.string().min(1).optional(),
  /** A PEM file of extra certificate authorities trusted for webhook receivers (a private CA). */
  WEBHOOK_CA_FILE: z.string().min(1).optional(),
  // The region name this deployment reports in usage analytics (the operator's own label).
  REGION: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, 'letters, digits, dot, dash or underscore, at most 64')
    .default('local'),
  /** Time a client has to send the request headers. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** Time a client has to send the whole request, headers and body (uploads included). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** A socket with no traffic either way for this long is closed (longer than any WebSocket idle time). */
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(300_000),
  /** An idle keep-alive connection is closed after this long. */
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(72_000),
})

export type Env = z.infer<typeof envSchema>

export interface Config {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  /** PUBLIC_URL, or http://localhost:PORT when it is not set (see `publicUrlConfigured`). */
  publicUrl: string
  /**
   * False when PUBLIC_URL is unset: the operator declared no canonical address, so the site's
   * address is the one each request reached (links in mail, the allowed Origin).
   */
  publicUrlConfigured: boolean
  /** Whose X-Forwarded-* headers to believe: nobody's by default. */
  trustProxy: TrustProxy
  secretKey: string
  logLevel: Env['LOG_LEVEL']
  webDistDir: string | undefined
  speechWorkers: number
  speechWarmUp: boolean
  /** Start the speech threads with the server instead of with the first request. */
  speechStartAtBoot: boolean
  /** The embedded database's page cache, MB. */
  embeddedDbCacheMb: number
  /** Where neural voice model files are read from at start (absolute). */
  modelsDir: string
  creditLeaseSeconds: number
  audioIsolation: { maxBytes?: number | undefined; maxSeconds?: number | undefined }
  pvc: { minTrainingSeconds?: number | undefined }
  /** Cookies get `Secure` only when the public URL is https (a laptop on http://localhost must work). */
  secureCookies: boolean
  storage: StorageConfig
  concurrency: { leaseMs: number; heartbeatMs: number }
  timeouts: ServerTimeouts
  /** Set when STRIPE_SECRET_KEY is: payments go through Stripe. */
  stripe: StripeConfig | null
  /** The Bearer token of the operator API; null: the operator API is off. */
  operatorToken: string | null
  /** Productions administrators' emails, lower-cased. */
  productionsAdmins: string[]
  webhooks: { allowPrivateAddresses: boolean; extraCa: string | null }
  sso: { allowPrivateAddresses: boolean; dnsServers: string[] | null }
  /** The region name recorded with every metered request. */
  region: string
  /** The language model that writes podcast conversations; null: none configured. */
  podcastLlm: { url: string; model: string; apiKey: string | null } | null
  /** The embeddings endpoint of the knowledge base; null: none configured. */
  kbEmbeddings: { url: string; model: string; apiKey: string | null } | null
  /** The operator's language-model endpoint for agents; null: none configured. */
  agentsLlm: { url: string; models: string[]; apiKey: string | null } | null
  /** Dubbing's LibreTranslate-compatible translation server, when configured. */
  libreTranslate: { url: string; apiKey: string | null } | null
  /** Dubbing's language-model translator; null: none configured. */
  dubbingLlm: { url: string; model: string; apiKey: string | null } | null
  /** Twilio's REST API base URL. */
  twilioApiUrl: string
  /** The IPv4 address SIP trunks reach this server at (behind NAT), or null for the local one. */
  sipPublicAddress: string | null
}

export interface StripeConfig {
  secretKey: string
  webhookSecret: string | null
  api: { host: string; port: number; protocol: 'http' | 'https' } | null
  /** Extra certificate authorities for an HTTPS STRIPE_API_URL (PEM); null: the system's only. */
  apiCa: string | null
}

/** How long a client may hold a socket; reading a request is bounded, streaming a response is not. */
export interface ServerTimeouts {
  headersMs: number
  requestMs: number
  idleMs: number
  keepAliveMs: number
}

/** false, a hop count, or the addresses/CIDR ranges of the trusted proxies. */
export type TrustProxy = false | number | string[]

export class ConfigError extends Error {}

const TRUST_PROXY_HELP =
  'must be a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.1,192.168.0.0/16)'

function trustProxyProblem(value: string): string | null {
  const text = value.trim()
  if (text === '') return null
  if (/^\d+$/.test(text))
    return Number(text) >= 1 ? null : `${TRUST_PROXY_HELP}; 0 trusts nobody, leave it unset instead`
  const entries = text.split(',').map((e) => e.trim())
  const bad = entries.find((entry) => !isAddressOrCidr(entry))
  return bad === undefined
    ? null
    : `'${bad}' is not an IP address or CIDR range: TRUST_PROXY ${TRUST_PROXY_HELP}`
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  if (!/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (version === 4 ? 32 : 128)
}

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value.trim() === '') return false
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text)
  return text.split(',').map((e) => e.trim())
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  const e = parsed.data
  if (e.HEADERS_TIMEOUT_MS > e.REQUEST_TIMEOUT_MS) {
    throw new ConfigError('Invalid configuration:\n  HEADERS_TIMEOUT_MS: must not exceed REQUEST_TIMEOUT_MS')
  }
  const dataDir = resolve(e.DATA_DIR)
  const storage = storageConfigFrom(e, dataDir)
  const heartbeatMs = e.CONCURRENCY_HEARTBEAT_MS ?? Math.floor(e.CONCURRENCY_LEASE_MS / 3)
  const issues = [...storage.issues]
  // Stripe reports payments only through its webhook: without the signing secret nothing bought
  // there would ever reach the workspace.
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    issues.push('STRIPE_WEBHOOK_SECRET: must be set when STRIPE_SECRET_KEY is (the webhook signing secret)')
  }
  // One missed renewal must not expire a live lease.
  if (heartbeatMs * 2 > e.CONCURRENCY_LEASE_MS) {
    issues.push('CONCURRENCY_HEARTBEAT_MS: must be at most half of CONCURRENCY_LEASE_MS')
  }
  let webhookCa: string | null = null
  if (e.WEBHOOK_CA_FILE) {
    try {
      webhookCa = readFileSync(e.WEBHOOK_CA_FILE, 'utf8')
      if (!webhookCa.includes('-----BEGIN CERTIFICATE-----'))
        issues.push('WEBHOOK_CA_FILE: must hold PEM certificates')
    } catch {
      issues.push(`WEBHOOK_CA_FILE: cannot read ${e.WEBHOOK_CA_FILE}`)
    }
  }
  if (!storage.config || issues.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${issues.map((i) => `  ${i}`).join('\n')}`)
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '')
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl,
    publicUrlConfigured: e.PUBLIC_URL !== undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    secretKey: e.SECRET_KEY ?? readOrCreateSecret(dataDir),
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    modelsDir: resolve(e.MODELS_DIR ?? join(dataDir, 'models')),
    speechWorkers: e.SPEECH_WORKERS ?? Math.max(1, Math.min(4, availableParallelism())),
    speechWarmUp: e.SPEECH_WARM_UP,
    speechStartAtBoot: e.SPEECH_START_AT_BOOT,
    embeddedDbCacheMb: e.EMBEDDED_DB_CACHE_MB,
    creditLeaseSeconds: e.CREDIT_LEASE_SECONDS,
    audioIsolation: { maxBytes: e.AUDIO_ISOLATION_MAX_BYTES, maxSeconds: e.AUDIO_ISOLATION_MAX_SECONDS },
    pvc: { minTrainingSeconds: e.PVC_MIN_TRAINING_SECONDS },
    secureCookies: publicUrl.startsWith('https://'),
    storage: storage.config,
    concurrency: { leaseMs: e.CONCURRENCY_LEASE_MS, heartbeatMs },
    stripe: stripeConfigFrom(e),
    operatorToken: e.OPERATOR_TOKEN ?? null,
    productionsAdmins: e.PRODUCTIONS_ADMIN_EMAILS.split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    webhooks: { allowPrivateAddresses: e.WEBHOOK_ALLOW_PRIVATE_ADDRESSES, extraCa: webhookCa },
    sso: {
      allowPrivateAddresses: e.SSO_ALLOW_PRIVATE_ADDRESSES,
      dnsServers: e.DNS_SERVER
        ? e.DNS_SERVER.split(',')
            .map((server) => server.trim())
            .filter(Boolean)
        : null,
    },
    region: e.REGION,
    podcastLlm: e.PODCAST_LLM_URL
      ? { url: e.PODCAST_LLM_URL, model: e.PODCAST_LLM_MODEL, apiKey: e.PODCAST_LLM_API_KEY ?? null }
      : null,
    kbEmbeddings: e.KB_EMBEDDINGS_URL
      ? { url: e.KB_EMBEDDINGS_URL, model: e.KB_EMBEDDINGS_MODEL, apiKey: e.KB_EMBEDDINGS_API_KEY ?? null }
      : null,
    agentsLlm: e.AGENTS_LLM_URL
      ? {
          url: e.AGENTS_LLM_URL,
          models: e.AGENTS_LLM_MODELS.split(',')
            .map((model) => model.trim())
            .filter(Boolean),
          apiKey: e.AGENTS_LLM_API_KEY ?? null,
        }
      : null,
    libreTranslate: e.LIBRETRANSLATE_URL
      ? { url: e.LIBRETRANSLATE_URL, apiKey: e.LIBRETRANSLATE_API_KEY ?? null }
      : null,
    dubbingLlm: e.DUBBING_LLM_URL
      ? { url: e.DUBBING_LLM_URL, model: e.DUBBING_LLM_MODEL, apiKey: e.DUBBING_LLM_API_KEY ?? null }
      : null,
    twilioApiUrl: e.TWILIO_API_URL.replace(/\/+$/, ''),
    sipPublicAddress: e.SIP_PUBLIC_ADDRESS ?? null,
    timeouts: {
      headersMs: e.HEADERS_TIMEOUT_MS,
      requestMs: e.REQUEST_TIMEOUT_MS,
      idleMs: e.IDLE_TIMEOUT_MS,
      keepAliveMs: e.KEEP_ALIVE_TIMEOUT_MS,
    },
  }
}

function stripeConfigFrom(e: Env): StripeConfig | null {
  if (!e.STRIPE_SECRET_KEY) return null
  const url = e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : null
  const protocol = url?.protocol === 'http:' ? 'http' : 'https'
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
    apiCa: e.STRIPE_API_CA_FILE ? readFileSync(e.STRIPE_API_CA_FILE, 'utf8') : null,
    api: url
      ? { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol }
      : null,
  }
}

/** On a laptop there is no secret manager: keep a generated secret beside the data. */
function readOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'secret.key')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true, mode: 0o700 })
  const secret = randomBytes(32).toString('hex')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
