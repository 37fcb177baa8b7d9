// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderInApp } from '../test/render-dom'
import { TextField } from './text-field'

function Password({ error }: { error?: string }) {
  const [value, setValue] = useState('')
  return (
    <TextField
      label="Password"
      type="password"
      revealable
      hint="At least 8 characters"
      error={error}
      value={value}
      onChange={(e) => setValue(e.target.value)}
    />
  )
}

describe('TextField', () => {
  it('is found by its label and described by its hint', () => {
    renderInApp(<Password />)
    const input = screen.getByLabelText('Password')
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ')
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual(['At least 8 characters'])
    expect(input.hasAttribute('aria-invalid')).toBe(false)
  })

  it('an error marks it invalid and is read after the hint', () => {
    renderInApp(<Password error="Too short" />)
    const input = screen.getByLabelText('Password')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const described = (input.getAttribute('aria-describedby') ?? '').split(' ')
    expect(described.map((id) => document.getElementById(id)?.textContent)).toEqual([
      'At least 8 characters',
      'Too short',
    ])
  })

  it('the Show button reveals the password and Hide covers it again, keeping what was typed', async () => {
    renderInApp(<Password />)
    const input = screen.getByLabelText('Password') as HTMLInputElement
    await userEvent.type(input, 'hunter22')
    expect(input.type).toBe('password')
    const show = screen.getByRole('button', { name: 'Show' })
    expect(show.getAttribute('aria-pressed')).toBe('false')
    expect(show.getAttribute('aria-controls')).toBe(input.id)
    await userEvent.click(show)
    expect(input.type).toBe('text')
    const hide = screen.getByRole('button', { name: 'Hide' })
    expect(hide.getAttribute('aria-pressed')).toBe('true')
    await userEvent.click(hide)
    expect(input.type).toBe('password')
    expect(input.value).toBe('hunter22')
  })

  it('the reveal button never submits the form around it', async () => {
    let submitted = 0
    renderInApp(
      <form
        onSubmit={(e) => {
          e.preventDefault()
          submitted++
        }}
      >
        <Password />
      </form>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Show' }))
    expect(submitted).toBe(0)
  })
})
