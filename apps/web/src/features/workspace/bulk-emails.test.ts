import { describe, expect, it } from 'vitest'
import { isHttpsUrl, parseBulkEmails } from './bulk-emails'

describe('bulk invite text', () => {
  it('splits on spaces, commas and newlines and keeps valid distinct addresses', () => {
    expect(parseBulkEmails('a@x.co, b@x.co\nc@x.co  A@x.co,,not-an-email')).toEqual([
      'a@x.co',
      'b@x.co',
      'c@x.co',
    ])
  })
  it('finds nothing in text without addresses', () => {
    expect(parseBulkEmails(' , \n nobody ')).toEqual([])
  })
})

describe('HTTPS URLs', () => {
  it('accepts https only', () => {
    expect(isHttpsUrl('https://hooks.example.com/x')).toBe(true)
    expect(isHttpsUrl('http://hooks.example.com/x')).toBe(false)
    expect(isHttpsUrl('hooks.example.com')).toBe(false)
  })
})
