// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { renderInApp } from '../test/render-dom'
import { RowMenu } from './row-menu'

function setup() {
  const rename = vi.fn()
  const remove = vi.fn()
  renderInApp(
    <>
      <p>Outside</p>
      <RowMenu
        label="Actions for Ada"
        actions={[
          { label: 'Rename', onSelect: rename },
          { label: 'Delete', onSelect: remove, danger: true },
        ]}
      />
    </>,
  )
  return { rename, remove, trigger: screen.getByRole('button', { name: 'Actions for Ada' }) }
}

describe('RowMenu', () => {
  it('is a named button that says it opens a menu, closed at first', () => {
    const { trigger } = setup()
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu')
    expect(trigger.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('menu')).toBeNull()
  })

  it('opens from the keyboard and runs the chosen action', async () => {
    const { trigger, rename, remove } = setup()
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    const menu = await screen.findByRole('menu')
    expect(trigger.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Rename', 'Delete'])
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true))
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Delete'))
    await userEvent.keyboard('{Enter}')
    expect(remove).toHaveBeenCalledTimes(1)
    expect(rename).not.toHaveBeenCalled()
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
  })

  it('Escape closes it and gives the focus back to the trigger', async () => {
    const { trigger, rename, remove } = setup()
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    await screen.findByRole('menu')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    expect(document.activeElement).toBe(trigger)
    expect(trigger.getAttribute('aria-expanded')).toBe('false')
    expect(rename).not.toHaveBeenCalled()
    expect(remove).not.toHaveBeenCalled()
  })

  it('a click outside closes it without running anything', async () => {
    const { trigger, rename, remove } = setup()
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    await screen.findByRole('menu')
    // The open menu makes the rest of the page inert to the pointer (as in the browser); the
    // press still reaches the document, which is what closes the menu.
    const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never })
    await user.click(screen.getByText('Outside'))
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    expect(rename).not.toHaveBeenCalled()
    expect(remove).not.toHaveBeenCalled()
  })

  it('a click on an item runs it', async () => {
    const { trigger, rename } = setup()
    await userEvent.click(trigger)
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename' }))
    expect(rename).toHaveBeenCalledTimes(1)
  })

  it('shows nothing when the row has no actions', () => {
    renderInApp(<RowMenu label="Actions for Ada" actions={[]} />)
    expect(screen.queryByRole('button')).toBeNull()
  })
})
