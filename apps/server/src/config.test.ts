import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.js'

describe('config', () => {
  it('has embedded defaults', () => {
    const c = loadConfig({ DATA_DIR: '/tmp/timbre-config-test' })
    expect(c.port).toBe(8080)
    expect(c.databaseUrl).toBeUndefined()
    expect(c.publicUrl).toBe('http://localhost:8080')
    expect(c.secretKey).toHaveLength(64)
    expect(c.secureCookies).toBe(false)
  })

  it('sizes the embedded database page cache from EMBEDDED_DB_CACHE_MB, 16 MB by default', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/timbre-config-test' }).embeddedDbCacheMb).toBe(16)
    expect(
      loadConfig({ DATA_DIR: '/tmp/timbre-config-test', EMBEDDED_DB_CACHE_MB: '64' }).embeddedDbCacheMb,
    ).toBe(64)
    expect(() => loadConfig({ DATA_DIR: '/tmp/timbre-config-test', EMBEDDED_DB_CACHE_MB: '0' })).toThrowError(
      /EMBEDDED_DB_CACHE_MB/,
    )
  })

  it('starts the speech threads at boot unless SPEECH_START_AT_BOOT is false', () => {
    const dir = { DATA_DIR: '/tmp/timbre-config-test' }
    expect(loadConfig(dir).speechStartAtBoot).toBe(true)
    expect(loadConfig({ ...dir, SPEECH_START_AT_BOOT: 'false' }).speechStartAtBoot).toBe(false)
    expect(() => loadConfig({ ...dir, SPEECH_START_AT_BOOT: 'later' })).toThrowError(/SPEECH_START_AT_BOOT/)
  })

  it('names each bad variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://x' }),
    ).toThrowError(ConfigError)
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })
    } catch (error) {
      expect(String(error)).toContain('PORT')
      expect(String(error)).toContain('DATABASE_URL')
    }
  })

  it('marks cookies secure behind an https public URL', () => {
    expect(
      loadConfig({ DATA_DIR: '/tmp/timbre-config-test', PUBLIC_URL: 'https://voice.example.com/' })
        .secureCookies,
    ).toBe(true)
  })
})

describe('webhooks', () => {
  const base = { DATA_DIR: '/tmp/timbre-config-test' }

  it('refuses private addresses unless allowed, and reads the extra CA file', () => {
    expect(loadConfig(base).webhooks).toEqual({ allowPrivateAddresses: false, extraCa: null })
    expect(
      loadConfig({ ...base, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' }).webhooks.allowPrivateAddresses,
    ).toBe(true)
    expect(() => loadConfig({ ...base, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'yes' })).toThrowError(
      /WEBHOOK_ALLOW_PRIVATE_ADDRESSES/,
    )
    expect(() => loadConfig({ ...base, WEBHOOK_CA_FILE: '/nonexistent/ca.pem' })).toThrowError(
      /WEBHOOK_CA_FILE/,
    )
  })
})

describe('Stripe', () => {
  const base = { DATA_DIR: '/tmp/timbre-config-test' }

  it('uses the local provider unless a secret key is set, and needs the webhook secret with it', () => {
    expect(loadConfig(base).stripe).toBeNull()
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrowError(
      /STRIPE_WEBHOOK_SECRET/,
    )
    const c = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_API_URL: 'http://127.0.0.1:12111',
    })
    expect(c.stripe).toEqual({
      secretKey: 'sk_live_x',
      webhookSecret: 'whsec_x',
      api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
      apiCa: null,
    })
  })
})

describe('TRUST_PROXY', () => {
  const base = { DATA_DIR: '/tmp/timbre-config-test' }

  it('trusts no proxy header unless the operator names the proxies', () => {
    expect(loadConfig(base).trustProxy).toBe(false)
    expect(loadConfig({ ...base, TRUST_PROXY: '' }).trustProxy).toBe(false)
  })

  it('takes a hop count or a list of addresses and CIDR ranges', () => {
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
    ])
  })

  it.each([
    ['true', "'true' is not an IP address or CIDR range"],
    ['0', '0 trusts nobody'],
    ['10.0.0.1,proxy.local', "'proxy.local' is not an IP address"],
    ['10.0.0.0/33', "'10.0.0.0/33' is not an IP address"],
  ])('refuses TRUST_PROXY=%s with a clear message', (value, message) => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrowError(message)
    expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrowError('TRUST_PROXY')
  })

  it('knows whether PUBLIC_URL was set', () => {
    expect(loadConfig(base).publicUrlConfigured).toBe(false)
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://voice.example.com' }).publicUrlConfigured).toBe(true)
  })
})
