// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderInApp } from '../../test/render-dom'
import { InviteDialog } from './invite-dialog'

// Each case stops before anything is sent: these are the form's own rules.
describe('InviteDialog', () => {
  it('is a named dialog; the email is required and the role starts at member', () => {
    renderInApp(<InviteDialog tier="pro" onClose={() => {}} />)
    expect(screen.getByRole('dialog', { name: 'Invite to the workspace' })).toBeTruthy()
    expect((screen.getByLabelText('Email') as HTMLInputElement).required).toBe(true)
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('workspace_member')
  })

  it('offers bulk invites only to the plans that have them', () => {
    renderInApp(<InviteDialog tier="pro" onClose={() => {}} />)
    expect(screen.queryByRole('button', { name: 'Bulk invite' })).toBeNull()
  })

  it('switches to many addresses and back, saying which mode is on', async () => {
    renderInApp(<InviteDialog tier="enterprise" onClose={() => {}} />)
    const one = screen.getByRole('button', { name: 'One address' })
    const many = screen.getByRole('button', { name: 'Bulk invite' })
    expect(one.getAttribute('aria-pressed')).toBe('true')
    await userEvent.click(many)
    expect(many.getAttribute('aria-pressed')).toBe('true')
    expect(one.getAttribute('aria-pressed')).toBe('false')
    expect(screen.getByLabelText(/Email addresses/)).toBeTruthy()
    expect(screen.queryByLabelText('Email')).toBeNull()
    await userEvent.click(one)
    expect(screen.getByLabelText('Email')).toBeTruthy()
  })

  it('refuses a bulk list with no valid address, and says so', async () => {
    renderInApp(<InviteDialog tier="enterprise" onClose={() => {}} />)
    await userEvent.click(screen.getByRole('button', { name: 'Bulk invite' }))
    await userEvent.type(screen.getByLabelText(/Email addresses/), 'not-an-address, also wrong')
    await userEvent.click(screen.getByRole('button', { name: 'Send invite' }))
    expect(screen.getByRole('alert').textContent).toBe('No valid email addresses found for bulk invites.')
  })

  it('explains the admin role when it is chosen', async () => {
    renderInApp(<InviteDialog tier="pro" onClose={() => {}} />)
    const role = screen.getByLabelText('Role')
    expect(role.hasAttribute('aria-describedby')).toBe(false)
    await userEvent.selectOptions(role, 'Admin')
    const hint = document.getElementById(role.getAttribute('aria-describedby') ?? '')
    expect(hint?.textContent).toMatch(/^Admins can invite/)
  })

  it('Cancel and Escape close it', async () => {
    const onClose = vi.fn()
    renderInApp(<InviteDialog tier="pro" onClose={onClose} />)
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(2))
  })
})
