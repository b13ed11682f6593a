/**
 * The UTF-16 offset (what the editor counts) of a 1-based character
 * position as PostgreSQL counts characters (code points). Past the end: the
 * text's length.
 */
export function offsetOfPosition(text: string, position: number): number {
  let chars = 0
  let offset = 0
  for (const ch of text) {
    if (++chars === position) return offset
    offset += ch.length
  }
  return text.length
}
