import { useEffect, type RefObject } from 'react';
import { useStoreApi } from '@xyflow/react';

/**
 * Keeps `--pv-zoom` on `element` equal to the viewport's zoom, for styles that must keep a size on
 * screen whatever the zoom (compact nodes' titles and icons, edge strokes: `calc(12px / var(--pv-zoom))`).
 * Written straight to the element from React Flow's store: no React render per zoom step.
 */
export function useZoomProperty(element: RefObject<HTMLElement | null>): void {
  const flowStore = useStoreApi();
  useEffect(() => {
    let written = NaN;
    const write = (zoom: number) => {
      if (zoom === written || !element.current) return;
      written = zoom;
      element.current.style.setProperty('--pv-zoom', String(zoom));
    };
    write(flowStore.getState().transform[2]);
    return flowStore.subscribe((state) => write(state.transform[2]));
  }, [flowStore, element]);
}
