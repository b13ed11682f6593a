import { describe, expect, it } from 'vitest'
import { HOUR, MINUTE, type Stamp, creationRateProblem, uploadRateProblem } from './rate'
import { checkContent } from './content'

const MB = 1024 * 1024
const at = (ago: number, bytes = 1): Stamp => ({ at: 1_000_000_000 - ago, bytes })
const now = 1_000_000_000

describe('uploadRateProblem', () => {
  it('lets five a minute through and refuses the sixth', () => {
    expect(uploadRateProblem([], [1, 1, 1, 1, 1], 0, now)).toBeNull()
    expect(uploadRateProblem([at(1000)], [1, 1, 1, 1, 1], 0, now)).toBe('Upload rate limit exceeded (max 5 per minute).')
    expect(uploadRateProblem([at(MINUTE + 1), at(MINUTE + 2)], [1, 1, 1, 1, 1], 0, now)).toBeNull()
  })
  it('counts 25 an hour', () => {
    const hour = Array.from({ length: 25 }, (_, i) => at(2 * MINUTE + i))
    expect(uploadRateProblem(hour, [1], 0, now)).toBe('Hourly upload limit exceeded (max 25 per hour).')
    expect(uploadRateProblem(hour.map((s) => ({ ...s, at: s.at - HOUR })), [1], 0, now)).toBeNull()
  })
  it('keeps 100 MB a day and says what remains', () => {
    expect(uploadRateProblem([at(3 * HOUR, 95 * MB)], [6 * MB], 0, now)).toBe('Daily upload size limit exceeded. Remaining: 5.0 MB')
    expect(uploadRateProblem([at(25 * HOUR, 95 * MB)], [6 * MB], 0, now)).toBeNull()
  })
  it('refuses a new batch while three uploads run', () => {
    expect(uploadRateProblem([], [1], 3, now)).toBe('Too many concurrent uploads (max 3). Please wait for current uploads to complete.')
    expect(uploadRateProblem([], [1], 2, now)).toBeNull()
  })
})

describe('creationRateProblem', () => {
  it('allows ten a minute and fifty an hour', () => {
    expect(creationRateProblem(Array.from({ length: 9 }, () => at(10)), now)).toBeNull()
    expect(creationRateProblem(Array.from({ length: 10 }, () => at(10)), now)).toBe('Rate limit exceeded: too many creations in the last minute. Please wait.')
    expect(creationRateProblem(Array.from({ length: 50 }, (_, i) => at(2 * MINUTE + i)), now)).toBe(
      'Rate limit exceeded: too many creations in the last hour. Please try again later.',
    )
  })
})

describe('checkContent', () => {
  it('cleans and checks title and body', () => {
    expect(checkContent('  a ', '')).toMatchObject({ title: 'a', errors: ['Title must be at least 2 characters'] })
    expect(checkContent('x'.repeat(501), '').errors).toEqual(['Title must be at most 500 characters'])
    expect(checkContent('Log\u0007  one', 'Body\u0001 text').title).toBe('Log one')
    expect(checkContent('Log', 'Body\u0001 text').content).toBe('Body text')
    expect(checkContent('Log', 'y'.repeat(50_001)).errors).toEqual(['Content must be at most 50,000 characters'])
    expect(checkContent('Log', 'ab'.repeat(24_000)).warnings).toEqual(['Content is close to the limit of 50,000 characters'])
  })
  it('warns, never refuses, on suspicious patterns', () => {
    const { errors, warnings } = checkContent('Hi there', '<script>x</script> javascript:void(0) <a onclick="x"> DROP TABLE t ../etc')
    expect(errors).toEqual([])
    expect(warnings).toHaveLength(5)
    expect(checkContent('Hi there', 'z'.repeat(1000)).warnings).toContain('The text repeats one character 1000 times')
  })
})
