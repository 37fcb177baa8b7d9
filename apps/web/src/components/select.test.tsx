// @vitest-environment jsdom
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { renderInApp } from '../test/render-dom'
import { LabelledSelect, Select } from './select'

type Size = 'small' | 'large'
const SIZES = [
  { value: 'small' as const, label: 'Small' },
  { value: 'large' as const, label: 'Large' },
]

function Sized({ onChange }: { onChange: (size: Size) => void }) {
  const [size, setSize] = useState<Size>('small')
  return (
    <LabelledSelect
      label="Size"
      hint="Large costs more"
      value={size}
      onChange={(next) => {
        setSize(next)
        onChange(next)
      }}
      options={SIZES}
    />
  )
}

describe('LabelledSelect', () => {
  it('is found by its visible label, and the hint describes it', () => {
    renderInApp(<Sized onChange={() => {}} />)
    const select = screen.getByLabelText('Size')
    expect(select.tagName).toBe('SELECT')
    const hintId = select.getAttribute('aria-describedby')
    expect(hintId).toBeTruthy()
    expect(document.getElementById(hintId ?? '')?.textContent).toBe('Large costs more')
  })

  it('a click on the label focuses the select', async () => {
    renderInApp(<Sized onChange={() => {}} />)
    await userEvent.click(screen.getByText('Size'))
    expect(document.activeElement).toBe(screen.getByLabelText('Size'))
  })

  it('hands the chosen value to onChange and shows it', async () => {
    const onChange = vi.fn()
    renderInApp(<Sized onChange={onChange} />)
    const select = screen.getByLabelText('Size') as HTMLSelectElement
    await userEvent.selectOptions(select, 'Large')
    expect(onChange).toHaveBeenCalledWith('large')
    expect(select.value).toBe('large')
    expect((screen.getByRole('option', { name: 'Large' }) as HTMLOptionElement).selected).toBe(true)
  })

  it('two on one page get labels of their own', () => {
    renderInApp(
      <>
        <LabelledSelect label="From" value="small" onChange={() => {}} options={SIZES} />
        <LabelledSelect label="To" value="large" onChange={() => {}} options={SIZES} />
      </>,
    )
    expect((screen.getByLabelText('From') as HTMLSelectElement).value).toBe('small')
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('large')
  })

  it('without a hint nothing describes it', () => {
    renderInApp(<LabelledSelect label="Size" value="small" onChange={() => {}} options={SIZES} />)
    expect(screen.getByLabelText('Size').hasAttribute('aria-describedby')).toBe(false)
  })
})

describe('Select', () => {
  it('keeps an aria-label, an id and disabled options', () => {
    renderInApp(
      <Select
        id="size-picker"
        aria-label="Size of the cup"
        value="small"
        onChange={() => {}}
        options={[...SIZES, { value: 'huge', label: 'Huge', disabled: true }]}
      />,
    )
    const select = screen.getByRole('combobox', { name: 'Size of the cup' })
    expect(select.id).toBe('size-picker')
    expect((screen.getByRole('option', { name: 'Huge' }) as HTMLOptionElement).disabled).toBe(true)
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Small', 'Large', 'Huge'])
  })

  it('left uncontrolled it starts on the first option and reports changes', async () => {
    const onChange = vi.fn()
    renderInApp(<Select aria-label="Sort" onChange={onChange} options={SIZES} />)
    const select = screen.getByRole('combobox', { name: 'Sort' }) as HTMLSelectElement
    expect(select.value).toBe('small')
    await userEvent.selectOptions(select, 'large')
    expect(onChange).toHaveBeenCalledExactlyOnceWith('large')
    expect(select.value).toBe('large')
  })

  it('a disabled select takes no choice', async () => {
    const onChange = vi.fn()
    renderInApp(<Select aria-label="Sort" disabled value="small" onChange={onChange} options={SIZES} />)
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'large').catch(() => {})
    expect(onChange).not.toHaveBeenCalled()
  })
})
