// React Flow needs layout APIs that jsdom lacks (TOOLCHAIN.md, "React Flow in jsdom"). These give
// every element a non-zero box so nodes, handles and edges render as in a browser.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

class ResizeObserverMock {
  private readonly callback: ResizeObserverCallback;
  constructor(callback: ResizeObserverCallback) {
    this.callback = callback;
  }
  observe(target: Element) {
    // Asynchronous on purpose: a synchronous callback leaves React Flow's nodes hidden.
    setTimeout(() => this.callback([{ target } as ResizeObserverEntry], this as unknown as ResizeObserver), 0);
  }
  unobserve() {}
  disconnect() {}
}

class DOMMatrixReadOnlyMock {
  m22: number;
  constructor(transform?: string) {
    const scale = transform?.match(/scale\(([0-9.]+)\)/)?.[1];
    this.m22 = scale !== undefined ? Number(scale) : 1;
  }
}

// Files that run in the node environment (layout tests) have no DOM to patch.
const hasDom = typeof HTMLElement !== 'undefined';

if (hasDom) Object.assign(globalThis, { ResizeObserver: ResizeObserverMock, DOMMatrixReadOnly: DOMMatrixReadOnlyMock });

if (hasDom) {
  Object.defineProperties(HTMLElement.prototype, {
    offsetHeight: {
      configurable: true,
      get() {
        return parseFloat((this as HTMLElement).style.height) || 1;
      },
    },
    offsetWidth: {
      configurable: true,
      get() {
        return parseFloat((this as HTMLElement).style.width) || 1;
      },
    },
  });
  (SVGElement.prototype as unknown as { getBBox: () => DOMRect }).getBBox = () => ({ x: 0, y: 0, width: 10, height: 10 }) as DOMRect;
}
