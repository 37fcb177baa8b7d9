// @vitest-environment jsdom
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useRef } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { installFakeIntersectionObserver } from '../test/browser-doubles'
import { renderInApp } from '../test/render-dom'
import { LoadMore } from './load-more'
import { useInfiniteScroll } from './use-infinite-scroll'

const observers = installFakeIntersectionObserver()

type Props = {
  hasNextPage: boolean
  isFetchingNextPage?: boolean
  fetchNextPage: () => unknown
  enabled?: boolean
  showSentinel?: boolean
  inBox?: boolean
}

function List({ showSentinel = true, inBox = false, isFetchingNextPage = false, ...options }: Props) {
  const box = useRef<HTMLDivElement>(null)
  const sentinel = useInfiniteScroll({
    ...options,
    isFetchingNextPage,
    rootMargin: '300px',
    ...(inBox ? { root: box } : {}),
  })
  return (
    <div ref={box} data-testid="box">
      {showSentinel && <div ref={sentinel} data-testid="sentinel" />}
    </div>
  )
}

const live = () => observers.filter((o) => !o.disconnected)

describe('useInfiniteScroll', () => {
  it('fetches the next page when the sentinel comes into view, not before', () => {
    const fetchNextPage = vi.fn()
    const view = renderInApp(<List hasNextPage fetchNextPage={fetchNextPage} />)
    expect(live()).toHaveLength(1)
    const [observer] = live()
    expect(observer?.observed).toEqual([view.getByTestId('sentinel')])
    expect(observer?.options?.rootMargin).toBe('300px')
    act(() => observer?.intersect(false))
    expect(fetchNextPage).not.toHaveBeenCalled()
    act(() => observer?.intersect(true))
    expect(fetchNextPage).toHaveBeenCalledTimes(1)
  })

  it('does not ask again while a page is loading', () => {
    const fetchNextPage = vi.fn()
    renderInApp(<List hasNextPage isFetchingNextPage fetchNextPage={fetchNextPage} />)
    act(() => live()[0]?.intersect(true))
    expect(fetchNextPage).not.toHaveBeenCalled()
  })

  it('watches nothing when there is no next page or the list is hidden', () => {
    const fetchNextPage = vi.fn()
    const view = renderInApp(<List hasNextPage={false} fetchNextPage={fetchNextPage} />)
    expect(live()).toHaveLength(0)
    view.rerender(<List hasNextPage enabled={false} fetchNextPage={fetchNextPage} />)
    expect(live()).toHaveLength(0)
    view.rerender(<List hasNextPage fetchNextPage={fetchNextPage} />)
    expect(live()).toHaveLength(1)
  })

  it('stops watching when the last page has come and when the list goes away', () => {
    const fetchNextPage = vi.fn()
    const view = renderInApp(<List hasNextPage fetchNextPage={fetchNextPage} />)
    const first = live()[0]
    view.rerender(<List hasNextPage={false} fetchNextPage={fetchNextPage} />)
    expect(first?.disconnected).toBe(true)
    expect(live()).toHaveLength(0)
    view.rerender(<List hasNextPage fetchNextPage={fetchNextPage} />)
    view.unmount()
    expect(live()).toHaveLength(0)
  })

  it('starts watching a sentinel that appears later, inside its scrolling box', () => {
    const fetchNextPage = vi.fn()
    const view = renderInApp(<List hasNextPage inBox showSentinel={false} fetchNextPage={fetchNextPage} />)
    expect(live()).toHaveLength(0)
    view.rerender(<List hasNextPage inBox fetchNextPage={fetchNextPage} />)
    expect(live()).toHaveLength(1)
    expect(live()[0]?.options?.root).toBe(view.getByTestId('box'))
    act(() => live()[0]?.intersect(true))
    expect(fetchNextPage).toHaveBeenCalledTimes(1)
  })
})

function Feed(props: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown }) {
  const sentinel = useInfiniteScroll(props)
  return (
    <LoadMore
      sentinel={sentinel}
      {...props}
      loadingLabel="Loading more voices"
      loadMoreLabel="Load more voices"
    />
  )
}

describe('LoadMore with useInfiniteScroll', () => {
  it('loads on scroll, and offers a button for those who do not scroll', async () => {
    const fetchNextPage = vi.fn()
    renderInApp(<Feed hasNextPage isFetchingNextPage={false} fetchNextPage={fetchNextPage} />)
    act(() => live()[0]?.intersect(true))
    expect(fetchNextPage).toHaveBeenCalledTimes(1)
    await userEvent.click(screen.getByRole('button', { name: 'Load more voices' }))
    expect(fetchNextPage).toHaveBeenCalledTimes(2)
  })

  it('shows a spinner instead of the button while a page loads, and neither after the last', () => {
    const fetchNextPage = vi.fn()
    const view = renderInApp(<Feed hasNextPage isFetchingNextPage fetchNextPage={fetchNextPage} />)
    expect(screen.getByRole('img', { name: 'Loading more voices' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Load more voices' })).toBeNull()
    view.rerender(<Feed hasNextPage={false} isFetchingNextPage={false} fetchNextPage={fetchNextPage} />)
    expect(screen.queryByRole('img', { name: 'Loading more voices' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Load more voices' })).toBeNull()
  })
})
