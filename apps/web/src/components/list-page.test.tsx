// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { renderInApp } from '../test/render-dom'
import { Badge } from './badge'
import { Button } from './button'
import { LinkRow, ListPage, rowListClass } from './list-page'

type Thing = { id: string; name: string }

function Things(props: { loading?: boolean; error?: string | null; items?: Thing[]; actions?: ReactNode }) {
  return (
    <ListPage
      title="Dictionaries"
      subtitle="Words spoken your way"
      actions={props.actions}
      loading={props.loading ?? false}
      error={props.error ?? null}
      items={props.items}
      empty="No dictionaries yet"
      renderItems={(items) => (
        <ul className={rowListClass}>
          {items.map((item) => (
            <LinkRow
              key={item.id}
              to={`/things/${item.id}`}
              name={item.name}
              facts={<Badge>3 rules</Badge>}
            />
          ))}
        </ul>
      )}
    >
      <form aria-label="New dictionary" />
    </ListPage>
  )
}

describe('ListPage', () => {
  it('has one heading, the subtitle, and the page content before the list', () => {
    renderInApp(<Things items={[]} />)
    expect(screen.getByRole('heading', { level: 1, name: 'Dictionaries' })).toBeTruthy()
    expect(screen.getByText('Words spoken your way')).toBeTruthy()
    const form = screen.getByRole('form', { name: 'New dictionary' })
    const empty = screen.getByText('No dictionaries yet')
    expect(form.compareDocumentPosition(empty) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('while loading shows the spinner and neither the empty state nor a list', () => {
    renderInApp(<Things loading />)
    expect(screen.getByRole('img', { name: 'Loading…' })).toBeTruthy()
    expect(screen.queryByText('No dictionaries yet')).toBeNull()
    expect(screen.queryAllByRole('listitem')).toHaveLength(0)
  })

  it('an error is announced and hides items that came before it', () => {
    renderInApp(<Things error="The list could not load" items={[{ id: 'a', name: 'Names' }]} />)
    expect(screen.getByRole('alert').textContent).toContain('The list could not load')
    expect(screen.queryAllByRole('listitem')).toHaveLength(0)
    expect(screen.queryByText('No dictionaries yet')).toBeNull()
  })

  it('shows the empty state for an empty list', () => {
    renderInApp(<Things items={[]} />)
    expect(screen.getByText('No dictionaries yet')).toBeTruthy()
    expect(screen.queryAllByRole('listitem')).toHaveLength(0)
  })

  it('lists the items as links that open them', () => {
    renderInApp(
      <Things
        items={[
          { id: 'a', name: 'Names' },
          { id: 'b', name: 'Places' },
        ]}
      />,
    )
    const links = screen.getAllByRole('link')
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/things/a', '/things/b'])
    expect(links[0]?.textContent).toBe('Names3 rules')
    expect(screen.queryByText('No dictionaries yet')).toBeNull()
  })

  it('puts the page action beside the heading', async () => {
    let clicks = 0
    renderInApp(<Things items={[]} actions={<Button onClick={() => clicks++}>Create</Button>} />)
    const heading = screen.getByRole('heading', { level: 1 })
    const button = screen.getByRole('button', { name: 'Create' })
    expect(button.parentElement).toBe(heading.parentElement?.parentElement)
    await userEvent.click(button)
    expect(clicks).toBe(1)
  })

  it('puts the section links above the heading', () => {
    renderInApp(
      <ListPage
        nav={<nav aria-label="Single sign-on" />}
        title="Verified domains"
        loading={false}
        error={null}
        items={[]}
        empty="No domains"
        renderItems={() => null}
      />,
    )
    const nav = screen.getByRole('navigation', { name: 'Single sign-on' })
    const heading = screen.getByRole('heading', { level: 1, name: 'Verified domains' })
    expect(nav.compareDocumentPosition(heading) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })
})
