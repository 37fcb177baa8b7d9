// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { installFakeMediaPlayback } from '../../test/browser-doubles'
import { renderInApp } from '../../test/render-dom'
import { PlayerBar } from './player-bar'
import { type NewItem, player } from './player-store'

const playback = installFakeMediaPlayback()
afterEach(() => act(() => player.clear()))

// Long enough that the estimated length passes the ten-second skip.
const TEXT = 'The quick brown fox jumps over the lazy dog, again and again, until the night falls. '.repeat(4)

const item = (overrides: Partial<NewItem> = {}): NewItem => ({
  type: 'textToSpeech',
  historyItemId: null,
  title: 'Welcome message',
  text: TEXT,
  voiceId: 'v1',
  voiceName: 'Ada',
  voiceDescription: 'Warm and calm',
  voiceCategory: null,
  modelId: null,
  settings: null,
  dateUnix: null,
  src: 'https://audio.test/welcome.mp3',
  autoStart: false,
  outputFormat: null,
  ...overrides,
})

function mount(overrides: Partial<NewItem> = {}) {
  renderInApp(<PlayerBar />)
  act(() => {
    player.load(item(overrides))
  })
  return screen.getByRole('region', { name: 'Audio player' })
}

const audio = () => screen.getByTestId('player-audio') as HTMLAudioElement
const elapsed = () => screen.getByTestId('player-elapsed').textContent

describe('PlayerBar', () => {
  it('with nothing loaded shows no bar, but keeps its audio element', () => {
    renderInApp(<PlayerBar />)
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull()
    expect(audio().tagName).toBe('AUDIO')
  })

  it('shows what is loaded and does not start it unless asked', () => {
    const bar = mount()
    expect(within(bar).getByTestId('player-title').textContent).toBe('Welcome message')
    expect(within(bar).getByText('Ada · Warm and calm')).toBeTruthy()
    expect(audio().getAttribute('src')).toBe('https://audio.test/welcome.mp3')
    expect(playback.plays).toBe(0)
    expect(within(bar).getAllByRole('button', { name: 'Play' }).length).toBeGreaterThan(0)
  })

  it('starts an item that asks to start, and the button turns to Pause', async () => {
    const bar = mount({ autoStart: true })
    expect(playback.plays).toBe(1)
    await waitFor(() =>
      expect(within(bar).getAllByRole('button', { name: 'Pause' }).length).toBeGreaterThan(0),
    )
    expect(audio().paused).toBe(false)
  })

  it('the play button plays and pauses', async () => {
    const bar = mount()
    const [play] = within(bar).getAllByRole('button', { name: 'Play' })
    await userEvent.click(play as HTMLElement)
    expect(audio().paused).toBe(false)
    const [pause] = within(bar).getAllByRole('button', { name: 'Pause' })
    await userEvent.click(pause as HTMLElement)
    expect(audio().paused).toBe(true)
    expect(within(bar).getAllByRole('button', { name: 'Play' }).length).toBeGreaterThan(0)
  })

  it('Space on the page plays and pauses, but not while typing in a field', async () => {
    renderInApp(
      <>
        <input aria-label="Script" />
        <PlayerBar />
      </>,
    )
    act(() => {
      player.load(item())
    })
    await userEvent.keyboard(' ')
    expect(audio().paused).toBe(false)
    await userEvent.keyboard(' ')
    expect(audio().paused).toBe(true)
    await userEvent.type(screen.getByRole('textbox', { name: 'Script' }), 'a b')
    expect(playback.plays).toBe(1)
    expect((screen.getByRole('textbox', { name: 'Script' }) as HTMLInputElement).value).toBe('a b')
  })

  it('the arrow keys skip three seconds; the buttons skip ten', async () => {
    const bar = mount()
    await userEvent.keyboard('{ArrowRight}')
    expect(audio().currentTime).toBe(3)
    expect(elapsed()).toBe('0:03')
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(audio().currentTime).toBe(0)
    const [forward] = within(bar).getAllByRole('button', { name: 'Forward 10 seconds' })
    await userEvent.click(forward as HTMLElement)
    expect(audio().currentTime).toBe(10)
    expect(elapsed()).toBe('0:10')
  })

  it('expands to show the text, and says so', async () => {
    const bar = mount()
    const [expand] = within(bar).getAllByRole('button', { name: 'Expand player' })
    expect(expand?.getAttribute('aria-expanded')).toBe('false')
    await userEvent.click(expand as HTMLElement)
    const [collapse] = within(bar).getAllByRole('button', { name: 'Collapse player' })
    expect(collapse?.getAttribute('aria-expanded')).toBe('true')
    expect(within(bar).getByText(TEXT.trim())).toBeTruthy()
  })

  it('hides to a small button that brings it back; a new item shows it again', async () => {
    const bar = mount()
    const [hide] = within(bar).getAllByRole('button', { name: 'Hide player' })
    await userEvent.click(hide as HTMLElement)
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull()
    await userEvent.click(screen.getByRole('button', { name: 'Show player' }))
    expect(screen.getByRole('region', { name: 'Audio player' })).toBeTruthy()
    const again = screen.getByRole('region', { name: 'Audio player' })
    await userEvent.click(within(again).getAllByRole('button', { name: 'Hide player' })[0] as HTMLElement)
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull()
    act(() => {
      player.load(item({ title: 'Second take' }))
    })
    expect(within(screen.getByRole('region', { name: 'Audio player' })).getByText('Second take')).toBeTruthy()
  })

  it('close empties the player', async () => {
    const bar = mount()
    const [close] = within(bar).getAllByRole('button', { name: 'Close player' })
    await userEvent.click(close as HTMLElement)
    expect(screen.queryByRole('region', { name: 'Audio player' })).toBeNull()
    expect(player.current()).toBeNull()
  })

  it('the speed menu sets the playback rate', async () => {
    const bar = mount()
    const [speed] = within(bar).getAllByRole('button', { name: 'Playback speed: 1×' })
    await userEvent.click(speed as HTMLElement)
    await userEvent.click(await screen.findByRole('menuitemradio', { name: '1.5×' }))
    expect(audio().playbackRate).toBe(1.5)
    expect(within(bar).getAllByRole('button', { name: 'Playback speed: 1.5×' }).length).toBeGreaterThan(0)
  })

  it('while a generation streams, before its history item is known, download and share wait', () => {
    const bar = mount({ streaming: true })
    for (const name of ['Download', 'Share']) {
      for (const button of within(bar).getAllByRole('button', { name })) {
        expect((button as HTMLButtonElement).disabled).toBe(true)
      }
    }
    expect(within(bar).getByText('Generating…')).toBeTruthy()
  })
})
