import { describe, expect, it } from 'vitest'
import { bindUseCases } from './use-cases.js'

describe('bindUseCases', () => {
  it('passes the bound dependencies first and the caller input after them', async () => {
    const deps = { base: 10 }
    const add = (d: typeof deps, n: number, m: number) => d.base + n + m
    const later = async (d: typeof deps, label: string) => `${label}:${d.base}`
    const service = bindUseCases(deps, { add, later })
    expect(service.add(1, 2)).toBe(13)
    expect(await service.later('x')).toBe('x:10')
  })
})
