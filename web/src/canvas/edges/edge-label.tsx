import { useMemo, type ReactNode } from 'react';

/** Longest edge label drawn whole: an option of a question can be a sentence, which would cover its neighbours' labels. */
export const MAX_EDGE_LABEL = 28;

/**
 * An edge's label as drawn: cut at MAX_EDGE_LABEL characters with an ellipsis, the whole of it in
 * an SVG <title> (its tooltip). The same node back while the text stays, since React Flow measures
 * the label again each time it gets a new one.
 */
export function useEdgeLabel(label: ReactNode): ReactNode {
  return useMemo(() => {
    if (typeof label !== 'string' || label.length <= MAX_EDGE_LABEL) return label;
    return (
      <>
        {`${label.slice(0, MAX_EDGE_LABEL - 1).trimEnd()}…`}
        <title>{label}</title>
      </>
    );
  }, [label]);
}
