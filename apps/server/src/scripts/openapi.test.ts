import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/helpers/test-app.js'
import { contractOpenApiPath, portableDocument } from './write-openapi.js'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

it('the committed packages/contract/openapi.json is current (run `npm run openapi`)', () => {
  const committed = readFileSync(contractOpenApiPath(), 'utf8')
  expect(committed).toBe(portableDocument(t.app.swagger() as unknown as Record<string, unknown>))
})
