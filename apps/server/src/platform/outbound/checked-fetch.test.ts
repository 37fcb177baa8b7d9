import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCheckedFetch, createCheckedLookup } from './checked-fetch.js'
import { WEBHOOK_ERRORS } from './outbound-policy.js'

const fetchWith = (allowPrivateAddresses: boolean) =>
  createCheckedFetch({ allowPrivateAddresses, plainHttpToLoopback: true }, WEBHOOK_ERRORS)

// The address check made at connection time, and the fetch built on it (as identity providers
// are called), against a real HTTP server on this machine.

let server: Server
let port: number

beforeAll(async () => {
  server = createServer((_req, res) => res.end('ok'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

function lookup(policy: { allowPrivateAddresses: boolean }, host: string, all: boolean) {
  return new Promise<{ error: Error | null; address: unknown }>((resolve) =>
    createCheckedLookup(policy)(host, { all }, (error, address) => resolve({ error, address })),
  )
}

describe('the checked fetch', () => {
  it('refuses a name that resolves to a loopback address unless the operator allows it', async () => {
    const strict = await lookup({ allowPrivateAddresses: false }, 'localhost', false)
    expect(strict.error?.message).toMatch(/refused address/)
    const allowed = await lookup({ allowPrivateAddresses: true }, 'localhost', false)
    expect(allowed.error).toBeNull()
    expect(['127.0.0.1', '::1']).toContain(allowed.address)
    const all = await lookup({ allowPrivateAddresses: true }, 'localhost', true)
    expect(Array.isArray(all.address)).toBe(true)
  })

  it('reaches a loopback peer over plain HTTP only with the allowance', async () => {
    const allowing = fetchWith(true)
    const response = await allowing(`http://localhost:${port}/.well-known/openid-configuration`)
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('ok')
    const strict = fetchWith(false)
    await expect(strict(`http://127.0.0.1:${port}/`)).rejects.toThrow(/valid HTTPS URL/)
    await expect(strict(`https://localhost:${port}/`)).rejects.toThrow(/private, loopback/)
  })
})
