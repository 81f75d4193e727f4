/**
 * What a receiver certification sent the merchant, counted from its tests' annotations (RECEIVER_EXCHANGES_ANNOTATION):
 * postbacks, read-backs of its state, and setup calls that made it expect payments.
 */
/** A receiver test's exchange counts from its annotation; none when it is absent or unreadable. */
export function countsOf(description: string | undefined): Record<string, number> {
  if (description === undefined) return {};
  try {
    const parsed = JSON.parse(description) as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => Number.isInteger(entry[1])),
    );
  } catch {
    return {};
  }
}

/** What a receiver certification sent: postbacks, and the reads and setup calls around them. */
export function receiverExchangesText(byKind: Readonly<Record<string, number | undefined>>): string {
  const count = (kind: string): number => byKind[kind] ?? 0;
  return `${count('postbacks')} postbacks sent, ${count('read-backs')} read-backs and ${count('setup calls')} setup calls made`;
}
