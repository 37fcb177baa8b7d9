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
