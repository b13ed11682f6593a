/**
 * Plain text of markdown for previews and counts (002 §9: previews of 100
 * characters). Not a markdown parser: it drops the syntax a note's markdown
 * uses — images, link targets, mention ids, heading and list markers,
 * emphasis, code fences — which is enough for a line of preview text.
 */
export function markdownToPlain(markdown: string): string {
  return (
    markdown
      // Images: their alt text; links: their text; mentions: @name.
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/@\[([^\]\n]*)\]\([0-9a-fA-F-]{36}\)/g, '@$1')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      // Fences, block markers and emphasis.
      .replace(/^```.*$/gm, '')
      .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-*+]\s+\[[ xX]\]\s+|[-*+]\s+|\d+[.)]\s+)/gm, '')
      .replace(/(\*\*|__|~~|`)/g, '')
      .replace(/(^|[^\w*])[*_]([^*_\n]+)[*_](?=[^\w*]|$)/g, '$1$2')
      .replace(/\s+/g, ' ')
      .trim()
  )
}

/** The first max characters of the plain text, cut at a word with an ellipsis. */
export function previewOf(markdown: string, max = 100): string {
  const text = markdownToPlain(markdown.length > max * 20 ? markdown.slice(0, max * 20) : markdown)
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** Words of the plain text: runs of non-space characters, as the server's statistics count them. */
export function wordCount(markdown: string): number {
  const text = markdownToPlain(markdown)
  return text ? text.split(' ').length : 0
}
