import { describe, expect, it } from 'vitest'
import { validateTaskTitle } from './create-task'
import { cleanSearchTerm, likePattern } from './search-tasks'

describe('task input', () => {
  it('needs a non-blank title', () => {
    expect(validateTaskTitle('   ')).toBe('Please enter a task title to continue')
    expect(validateTaskTitle('Buy milk')).toBeNull()
  })

  it('cleans search terms: trimmed, markup stripped, 2 to 200 characters', () => {
    expect(cleanSearchTerm('  <b>milk</b> ')).toBe('bmilk/b')
    expect(cleanSearchTerm('a')).toBe('')
    expect(cleanSearchTerm('x'.repeat(300))).toHaveLength(200)
  })

  it('matches LIKE wildcards literally', () => {
    expect(likePattern('50%_off')).toBe('%50\\%\\_off%')
  })
})
