/**
 * A note or journal entry written from a task (002 §5): title 2–500
 * characters, body at most 50,000 (a warning past 47,500), control
 * characters stripped and whitespace collapsed; suspicious patterns only
 * warn.
 */
export const TITLE_MIN = 2
export const TITLE_MAX = 500
export const BODY_MAX = 50_000
export const BODY_WARN = 47_500

// Control characters except tab and line breaks, which a body keeps.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g

export function cleanTitle(raw: string): string {
  return raw.replace(CONTROL, '').replace(/\s+/g, ' ').trim()
}

export function cleanBody(raw: string): string {
  return raw
    .replace(CONTROL, '')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

const WARNINGS: [RegExp, string][] = [
  [/<\s*script\b/i, 'The text contains something that looks like a script'],
  [/javascript\s*:/i, 'The text contains a javascript: link'],
  [/\bon[a-z]+\s*=\s*["']?/i, 'The text contains something that looks like an inline event handler'],
  [/\b(select\s+.+\s+from|insert\s+into|delete\s+from|drop\s+table|union\s+select)\b/i, 'The text contains SQL keywords'],
  [/\.\.[/\\]/, 'The text contains a path traversal sequence'],
  // eslint-disable-next-line no-control-regex
  [/\u0000/, 'The text contains null bytes'],
  [/(.)\1{999}/s, 'The text repeats one character 1000 times'],
]

export type ContentCheck = { title: string; content: string; errors: string[]; warnings: string[] }

/** Cleans and checks a note or entry about to be created from a task. */
export function checkContent(rawTitle: string, rawBody: string): ContentCheck {
  const title = cleanTitle(rawTitle)
  const content = cleanBody(rawBody)
  const errors: string[] = []
  const warnings: string[] = []
  if (title.length < TITLE_MIN) errors.push(`Title must be at least ${TITLE_MIN} characters`)
  if (title.length > TITLE_MAX) errors.push(`Title must be at most ${TITLE_MAX} characters`)
  if (content.length > BODY_MAX) errors.push(`Content must be at most ${BODY_MAX.toLocaleString('en-US')} characters`)
  else if (content.length > BODY_WARN) warnings.push(`Content is close to the limit of ${BODY_MAX.toLocaleString('en-US')} characters`)
  const raw = `${rawTitle}\n${rawBody}`
  for (const [pattern, text] of WARNINGS) if (pattern.test(raw)) warnings.push(text)
  return { title, content, errors, warnings }
}
