import { type RefObject, useEffect, useState } from 'react'

type Options = {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  fetchNextPage: () => unknown
  /** False while the list is hidden (a closed picker): nothing is fetched then. */
  enabled?: boolean
  /** The scrolling box, when the list scrolls inside one rather than in the page. */
  root?: RefObject<Element | null>
  /** How far ahead of the viewport the next page starts loading, e.g. '400px'. */
  rootMargin?: string
  /** Anything that moves the sentinel without remounting it (the list's length): watching starts again. */
  watch?: unknown
}

/**
 * Loads the next page when the sentinel element scrolls into view. Returns the ref callback to
 * put on the sentinel; it works when the sentinel appears later (a list behind a dialog).
 * Without IntersectionObserver (old browsers) it does nothing and the "load more" button remains.
 */
export function useInfiniteScroll<E extends Element = HTMLDivElement>({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  enabled = true,
  root,
  rootMargin,
  watch,
}: Options): (element: E | null) => void {
  const [sentinel, setSentinel] = useState<E | null>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `watch` is named only to restart the observer.
  useEffect(() => {
    if (!enabled || !sentinel || !hasNextPage || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage()
      },
      { root: root?.current ?? null, rootMargin },
    )
    observer.observe(sentinel)
    return () => observer.disconnect()
  }, [enabled, sentinel, hasNextPage, isFetchingNextPage, fetchNextPage, root, rootMargin, watch])
  return setSentinel
}
