// LIKE/ILIKE patterns from user text: `%`, `_` and the escape character itself are matched
// literally (PostgreSQL's default LIKE escape is the backslash), so "%" finds names containing a
// percent sign instead of every name.
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (m) => `\\${m}`);
}
