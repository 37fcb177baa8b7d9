import i18next from 'i18next'
import { describe, expect, it } from 'vitest'
import deDE from './locales/de-DE.json'
import enUS from './locales/en-US.json'
import plPL from './locales/pl-PL.json'

async function translator(lng: string, messages: object) {
  const instance = i18next.createInstance()
  await instance.init({
    lng,
    resources: { [lng]: { translation: messages } },
    interpolation: { escapeValue: false },
  })
  return instance.t.bind(instance) as (key: string, options: { count: number }) => string
}

describe('counted texts follow each language’s plural rules', () => {
  it('English: one item, two items; one day, seven days', async () => {
    const t = await translator('en-US', enUS)
    expect(t('history.deleteTitle', { count: 1 })).toBe('Delete 1 item?')
    expect(t('history.deleteTitle', { count: 2 })).toBe('Delete 2 items?')
    expect(t('auditLog.lastDays', { count: 1 })).toBe('Last 1 day')
    expect(t('auditLog.lastDays', { count: 7 })).toBe('Last 7 days')
  })

  it('German: Eintrag and Einträge', async () => {
    const t = await translator('de-DE', deDE)
    expect(t('history.deleted', { count: 1 })).toBe('1 Eintrag gelöscht')
    expect(t('history.deleted', { count: 3 })).toBe('3 Einträge gelöscht')
  })

  it('Polish: one, few and many forms', async () => {
    const t = await translator('pl-PL', plPL)
    expect(t('auditLog.lastDays', { count: 1 })).toBe('Ostatni 1 dzień')
    expect(t('auditLog.lastDays', { count: 3 })).toBe('Ostatnie 3 dni')
    expect(t('auditLog.lastDays', { count: 30 })).toBe('Ostatnich 30 dni')
  })
})
