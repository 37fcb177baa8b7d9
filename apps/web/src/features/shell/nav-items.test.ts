import { describe, expect, it } from 'vitest'
import { routes } from '../../routes'
import { activeNavKey, NAV_GROUPS, NAV_ITEMS } from './nav-items'

describe('the main navigation', () => {
  it('lights the entry whose address is the longest prefix of the page', () => {
    expect(activeNavKey(routes.studio)).toBe('studio')
    expect(activeNavKey(`${routes.studio}/abc123`)).toBe('studio')
    expect(activeNavKey(routes.studioPodcast)).toBe('podcasts')
    expect(activeNavKey(`${routes.voices}/x`)).toBe('voices')
    // A longer word is not a sub-page: /app/studios is nothing of Studio's.
    expect(activeNavKey(`${routes.studio}s`)).toBeUndefined()
    expect(activeNavKey('/elsewhere')).toBeUndefined()
  })

  it('puts every entry in one of the groups, each group holding some', () => {
    for (const group of NAV_GROUPS) expect(NAV_ITEMS.some((item) => item.group === group)).toBe(true)
    expect(new Set(NAV_ITEMS.map((item) => item.key)).size).toBe(NAV_ITEMS.length)
  })
})
