import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MAX_EDGE_LABEL, useEdgeLabel } from './edge-label';

function Label({ text }: { text: string }) {
  return (
    <svg>
      <text data-testid="label">{useEdgeLabel(text)}</text>
    </svg>
  );
}

describe('useEdgeLabel', () => {
  it('cuts a long label with an ellipsis and keeps the whole of it as its tooltip', () => {
    const long = 'Approve the draft and send it to the copy desk';
    const { getByTestId } = render(<Label text={long} />);
    const label = getByTestId('label');
    expect(label.querySelector('title')).toHaveTextContent(long);
    const shown = label.firstChild!.textContent!;
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(MAX_EDGE_LABEL);
  });

  it('draws a short label as it is', () => {
    const { getByTestId } = render(<Label text="Yes" />);
    expect(getByTestId('label').textContent).toBe('Yes');
    expect(getByTestId('label').querySelector('title')).toBeNull();
  });
});
