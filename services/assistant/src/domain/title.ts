/** A conversation's title, made from its first question: one line, at most 60 characters. */
export const TITLE_MAX = 60;

export function titleFromQuestion(question: string): string {
  const line = question.replace(/\s+/g, ' ').trim();
  if (!line) return 'New conversation';
  if (line.length <= TITLE_MAX) return line;
  const cut = line.slice(0, TITLE_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, '')}…`;
}
