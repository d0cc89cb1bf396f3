/**
 * A string matching a simple regular expression, for the scripted provider's outputs: enough for
 * the patterns real validation schemas use (`^src-[0-9]{3}$`, `^[A-Z]{2,4}-\d+$`, `\.md$`).
 * Supports literals, escapes (\d \w \s and escaped symbols), classes, groups with alternation
 * (the first branch is taken), and ? * + {n} {n,m}. Anything else yields undefined and the
 * caller falls back to plain text (validation then reports the mismatch honestly).
 */
export function samplePattern(pattern: string): string | undefined {
  let i = 0;
  const src = pattern;

  const classFirst = (): string | undefined => {
    // at '[' ; returns a member of the class
    i++;
    let negate = false;
    if (src[i] === '^') {
      negate = true;
      i++;
    }
    const members: string[] = [];
    while (i < src.length && src[i] !== ']') {
      const c = src[i]!;
      if (c === '\\') {
        const e = src[i + 1] ?? '';
        i += 2;
        members.push(e === 'd' ? '0' : e === 'w' ? 'a' : e === 's' ? ' ' : e);
        continue;
      }
      if (src[i + 1] === '-' && src[i + 2] !== undefined && src[i + 2] !== ']') {
        members.push(c);
        i += 3;
        continue;
      }
      members.push(c);
      i++;
    }
    if (src[i] !== ']') return undefined;
    i++;
    if (negate) return ['x', 'y', 'z', '0', '_'].find((c) => !members.includes(c));
    return members[0];
  };

  const parseAlternation = (): string | undefined => {
    const first = parseSequence();
    if (first === undefined) return undefined;
    while (src[i] === '|') {
      i++;
      if (parseSequence() === undefined) return undefined;
    }
    return first;
  };

  const parseSequence = (): string | undefined => {
    let out = '';
    while (i < src.length && src[i] !== '|' && src[i] !== ')') {
      let atom: string | undefined;
      const c = src[i]!;
      if (c === '^' || c === '$') {
        i++;
        continue;
      } else if (c === '(') {
        i++;
        if (src.startsWith('?:', i)) i += 2;
        atom = parseAlternation();
        if (src[i] !== ')') return undefined;
        i++;
      } else if (c === '[') {
        atom = classFirst();
      } else if (c === '\\') {
        const e = src[i + 1];
        if (e === undefined) return undefined;
        i += 2;
        atom = e === 'd' ? '0' : e === 'w' ? 'a' : e === 's' ? ' ' : /[A-Za-z]/.test(e) ? undefined : e;
      } else if (c === '.') {
        i++;
        atom = 'a';
      } else if ('*+?{'.includes(c)) {
        return undefined;
      } else {
        i++;
        atom = c;
      }
      if (atom === undefined) return undefined;
      let repeat = 1;
      const q = src[i];
      if (q === '*' || q === '?') {
        repeat = 0;
        i++;
      } else if (q === '+') {
        i++;
      } else if (q === '{') {
        const m = /^\{(\d+)(?:,(\d*))?\}/.exec(src.slice(i));
        if (!m) return undefined;
        repeat = Number(m[1]);
        i += m[0].length;
      }
      if (src[i] === '?') i++; // lazy modifier
      out += atom.repeat(repeat);
    }
    return out;
  };

  const result = parseAlternation();
  if (result === undefined || i !== src.length) return undefined;
  try {
    return new RegExp(pattern).test(result) ? result : undefined;
  } catch {
    return undefined;
  }
}
