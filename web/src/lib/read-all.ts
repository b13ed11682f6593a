import { toRequestError } from './errors'

/** Rows per request: the server's most rows per read (DAYBASE_REST_MAX_ROWS). */
export const PAGE_ROWS = 1000

type PageResult<T> = { data: T[] | null; error: unknown; count: number | null; status?: number }

/**
 * Every row of a read, a page of PAGE_ROWS at a time. page(from, to, first)
 * runs the query for rows from..to (inclusive); the first page asks for the
 * count (count: 'exact'), so a read of exactly 1,000 rows makes one request,
 * not a second, empty one.
 */
export async function readAll<T>(page: (from: number, to: number, first: boolean) => PromiseLike<PageResult<T>>): Promise<T[]> {
  const all: T[] = []
  for (let from = 0, total = Number.POSITIVE_INFINITY; from < total; from += PAGE_ROWS) {
    const result = await page(from, from + PAGE_ROWS - 1, from === 0)
    if (result.error) throw toRequestError(result.error, result.status)
    const rows = result.data ?? []
    all.push(...rows)
    if (result.count !== null) total = result.count
    if (rows.length < PAGE_ROWS) break
  }
  return all
}
