// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderInApp } from '../test/render-dom'
import { Segmented } from './segmented'

type Period = 'month' | 'quarter' | 'year'
const PERIODS = [
  { value: 'month' as const, label: 'Monthly' },
  { value: 'quarter' as const, label: 'Quarterly' },
  { value: 'year' as const, label: 'Yearly', hint: '2 months free' },
]

function Billing({ onChange = () => {} }: { onChange?: (period: Period) => void }) {
  const [period, setPeriod] = useState<Period>('month')
  return (
    <>
      <button type="button">before</button>
      <Segmented
        label="Billing period"
        value={period}
        options={PERIODS}
        onChange={(next) => {
          setPeriod(next)
          onChange(next)
        }}
      />
      <button type="button">after</button>
    </>
  )
}

const checked = () =>
  screen
    .getAllByRole('radio')
    .filter((radio) => radio.getAttribute('aria-checked') === 'true')
    .map((radio) => radio.textContent)

describe('Segmented', () => {
  it('is a named radio group with one checked radio, the hint read with its label', () => {
    renderInApp(<Billing />)
    const group = screen.getByRole('radiogroup', { name: 'Billing period' })
    expect(group).toBeTruthy()
    expect(screen.getAllByRole('radio')).toHaveLength(3)
    expect(checked()).toEqual(['Monthly'])
    expect(screen.getByRole('radio', { name: /^Yearly\s*2 months free$/ })).toBeTruthy()
  })

  it('a click chooses', async () => {
    const onChange = vi.fn()
    renderInApp(<Billing onChange={onChange} />)
    await userEvent.click(screen.getByRole('radio', { name: /Quarterly/ }))
    expect(onChange).toHaveBeenCalledWith('quarter')
    expect(checked()).toEqual(['Quarterly'])
  })

  it('is one tab stop: Tab lands on the checked radio and leaves the group next', async () => {
    renderInApp(<Billing />)
    await userEvent.click(screen.getByRole('radio', { name: /Quarterly/ }))
    await userEvent.click(screen.getByRole('button', { name: 'before' }))
    await userEvent.tab()
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Quarterly/ }))
    await userEvent.tab()
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'after' }))
  })

  it('arrow keys move the choice and the focus, wrapping at the ends', async () => {
    const onChange = vi.fn()
    renderInApp(<Billing onChange={onChange} />)
    await userEvent.click(screen.getByRole('button', { name: 'before' }))
    await userEvent.tab()
    await userEvent.keyboard('{ArrowRight}')
    expect(checked()).toEqual(['Quarterly'])
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Quarterly/ }))
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    expect(checked()).toEqual(['Monthly'])
    await userEvent.keyboard('{ArrowLeft}')
    expect(checked()).toEqual(['Yearly2 months free'])
    await userEvent.keyboard('{ArrowUp}')
    expect(checked()).toEqual(['Quarterly'])
    expect(onChange.mock.calls.map(([value]) => value)).toEqual([
      'quarter',
      'year',
      'month',
      'year',
      'quarter',
    ])
  })

  it('Home and End jump to the first and last', async () => {
    renderInApp(<Billing />)
    await userEvent.click(screen.getByRole('radio', { name: /Quarterly/ }))
    await userEvent.keyboard('{End}')
    expect(checked()).toEqual(['Yearly2 months free'])
    await userEvent.keyboard('{Home}')
    expect(checked()).toEqual(['Monthly'])
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Monthly/ }))
  })

  it('with no option chosen the first radio is the tab stop', async () => {
    renderInApp(
      <>
        <button type="button">before</button>
        <Segmented label="Plan" value={'none' as Period} options={PERIODS} onChange={() => {}} />
      </>,
    )
    await userEvent.click(screen.getByRole('button', { name: 'before' }))
    await userEvent.tab()
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: /Monthly/ }))
    expect(checked()).toEqual([])
  })
})
