/**
 * Whether the user has the page in front of them: the tab visible and its window focused. A page
 * behind another window (an editor, a terminal) is visible to the browser but not looked at, which
 * is when a desktop notification or the tab title's badge are the only way to hear of a run.
 */
export type PageAttention = {
  attended(): boolean;
  /** Calls `listener` each time the page comes back in front of the user; returns what stops it. */
  onAttended(listener: () => void): () => void;
};

export const browserAttention: PageAttention = {
  attended: () => document.visibilityState !== 'hidden' && document.hasFocus(),
  onAttended(listener) {
    const check = () => {
      if (browserAttention.attended()) listener();
    };
    document.addEventListener('visibilitychange', check);
    window.addEventListener('focus', check);
    return () => {
      document.removeEventListener('visibilitychange', check);
      window.removeEventListener('focus', check);
    };
  },
};
