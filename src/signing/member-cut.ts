/**
 * The exact bytes of a body with top-level members cut out, for signatures over the body "as sent" (a profile's
 * `canonicalForm: "as-sent"`): a service signs the text it is about to send, then adds the hash member to it; the
 * verifier cuts that member out of the text it received and checks the rest, byte for byte.
 *
 * A member is cut together with one comma next to it: the one after it, or the one before it when it is the last
 * member. White space elsewhere stays. A text that is not one JSON object is refused.
 */

export class MemberCutError extends Error {
  override readonly name = 'MemberCutError';
}

interface MemberSpan {
  readonly name: string;
  /** Index of the key's opening quote. */
  readonly start: number;
  /** Index just after the value. */
  readonly end: number;
}

const WHITE_SPACE = new Set([' ', '\t', '\n', '\r']);

class Scanner {
  position = 0;

  constructor(private readonly text: string) {}

  skipWhiteSpace(): void {
    while (WHITE_SPACE.has(this.text[this.position] ?? '')) this.position++;
  }

  expect(character: string): void {
    if (this.text[this.position] !== character) {
      throw new MemberCutError(`expected ${character} at ${this.position}`);
    }
    this.position++;
  }

  peek(): string | undefined {
    return this.text[this.position];
  }

  /** A string literal, its decoded text returned (for member names). */
  string(): string {
    const start = this.position;
    this.expect('"');
    while (this.position < this.text.length) {
      const c = this.text[this.position];
      if (c === '\\') this.position += 2;
      else if (c === '"') {
        this.position++;
        return JSON.parse(this.text.slice(start, this.position)) as string;
      } else this.position++;
    }
    throw new MemberCutError('a string never ends');
  }

  /** Any JSON value, skipped over; nesting is tracked so that commas inside it are not the object's. */
  value(): void {
    const c = this.peek();
    if (c === '"') {
      this.string();
      return;
    }
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      this.position++;
      this.skipWhiteSpace();
      if (this.peek() === close) {
        this.position++;
        return;
      }
      for (;;) {
        if (close === '}') {
          this.string();
          this.skipWhiteSpace();
          this.expect(':');
          this.skipWhiteSpace();
        }
        this.value();
        this.skipWhiteSpace();
        if (this.peek() === ',') {
          this.position++;
          this.skipWhiteSpace();
          continue;
        }
        this.expect(close);
        return;
      }
    }
    const literal = /^(?:-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?|true|false|null)/.exec(
      this.text.slice(this.position, this.position + 400),
    );
    if (literal === null) throw new MemberCutError(`no JSON value at ${this.position}`);
    this.position += literal[0].length;
  }
}

/** The spans of the top-level members of a JSON object text. */
function membersOf(text: string): MemberSpan[] {
  const scanner = new Scanner(text);
  scanner.skipWhiteSpace();
  scanner.expect('{');
  scanner.skipWhiteSpace();
  const spans: MemberSpan[] = [];
  if (scanner.peek() === '}') return spans;
  for (;;) {
    const start = scanner.position;
    const name = scanner.string();
    scanner.skipWhiteSpace();
    scanner.expect(':');
    scanner.skipWhiteSpace();
    scanner.value();
    spans.push({ name, start, end: scanner.position });
    scanner.skipWhiteSpace();
    if (scanner.peek() === ',') {
      scanner.position++;
      scanner.skipWhiteSpace();
      continue;
    }
    scanner.expect('}');
    scanner.skipWhiteSpace();
    if (scanner.position !== text.length) throw new MemberCutError('text after the object');
    return spans;
  }
}

/** The text without every top-level member named in `names` (each occurrence, when a name repeats). */
export function cutMembers(text: string, names: ReadonlySet<string>): string {
  let current = text;
  for (;;) {
    const spans = membersOf(current);
    const index = spans.findIndex((span) => names.has(span.name));
    if (index === -1) return current;
    const span = spans[index];
    const next = spans[index + 1];
    const previous = spans[index - 1];
    if (span === undefined) return current;
    // With the comma after it (up to the next member), else the comma before it (from the previous member's end).
    const [from, to] =
      next !== undefined
        ? [span.start, next.start]
        : previous !== undefined
          ? [previous.end, span.end]
          : [span.start, span.end];
    current = current.slice(0, from) + current.slice(to);
  }
}
