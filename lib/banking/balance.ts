// Which of a bank's balances an account shows: the first kind in the integration's order of
// preference (most "booked" first); a kind not in the list comes after every listed one.
export function preferredBalance<T>(balances: readonly T[], kindOf: (b: T) => string, preference: readonly string[]) {
  const rank = (b: T) => {
    const at = preference.indexOf(kindOf(b));
    return at < 0 ? preference.length : at;
  };
  return [...balances].sort((a, b) => rank(a) - rank(b))[0];
}
