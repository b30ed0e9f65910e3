/** Reading Markdown headings the way GitHub does, for the tests that keep links and pointers true. */

/** The text without fenced code blocks. */
export function withoutFences(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1\s*$/gm, '');
}

/** The texts of a Markdown text's headings, as written (outside code fences). */
export function headingTexts(markdown: string): string[] {
  return [...withoutFences(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((match) => match[1]);
}

/** GitHub's anchors of a Markdown text's headings (lower case, punctuation dropped, spaces → '-', repeats numbered). */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const text of headingTexts(markdown)) {
    const base = text
      .replace(/<[^>]+>/g, '')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}
