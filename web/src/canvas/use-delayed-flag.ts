import { useEffect, useState } from 'react';

/** True once `flag` has stayed true for `delayMs`; false again as soon as `flag` is. */
export function useDelayedFlag(flag: boolean, delayMs: number): boolean {
  const [late, setLate] = useState(false);
  useEffect(() => {
    setLate(false);
    if (!flag) return;
    const timer = setTimeout(() => setLate(true), delayMs);
    return () => clearTimeout(timer);
  }, [flag, delayMs]);
  return flag && late;
}
