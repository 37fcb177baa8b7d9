import type { Ref } from 'react'
import { Button } from './button'
import { Spinner } from './spinner'

/**
 * The foot of an infinitely scrolling list: the sentinel that loads the next page when it
 * scrolls into view (give it the ref from useInfiniteScroll), a spinner while it loads, and a
 * button for those who do not scroll.
 */
export function LoadMore({
  sentinel,
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  loadingLabel,
  loadMoreLabel,
}: {
  sentinel: Ref<HTMLDivElement>
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
  loadingLabel: string
  loadMoreLabel: string
}) {
  return (
    <>
      <div ref={sentinel} aria-hidden="true" />
      {isFetchingNextPage && (
        <div className="flex justify-center py-6 text-neutral-400">
          <Spinner label={loadingLabel} />
        </div>
      )}
      {hasNextPage && !isFetchingNextPage && (
        <div className="flex justify-center py-6">
          <Button variant="secondary" onClick={() => void fetchNextPage()}>
            {loadMoreLabel}
          </Button>
        </div>
      )}
    </>
  )
}
