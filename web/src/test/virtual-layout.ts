// Test-only: jsdom does no layout, so a virtualised list would see a 0 px viewport and 1 px rows.
// This gives scroll containers (`data-virtual-scroll`) a viewport height and virtual rows
// (`data-index`) a height, the scroll height their content asks for, and makes element.scrollTo move scrollTop and fire `scroll` as a browser does.

type Restore = () => void;

export function fakeVirtualLayout({ viewport = 800, rowHeight = 160 }: { viewport?: number; rowHeight?: number } = {}): Restore {
  const proto = HTMLElement.prototype as unknown as Record<string, unknown>;
  const saved = ['clientHeight', 'scrollHeight', 'offsetHeight', 'scrollTo'].map((key) => [key, Object.getOwnPropertyDescriptor(proto, key)] as const);
  Object.defineProperty(proto, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.hasAttribute('data-virtual-scroll') ? viewport : 0;
    },
  });
  Object.defineProperty(proto, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (!this.hasAttribute('data-virtual-scroll')) return 0;
      const content = this.firstElementChild as HTMLElement | null;
      return Math.max(viewport, parseFloat(content?.style.height ?? '') || 0);
    },
  });
  Object.defineProperty(proto, 'offsetHeight', {
    configurable: true,
    get(this: HTMLElement) {
      if (this.hasAttribute('data-index')) return rowHeight;
      return parseFloat(this.style.height) || 1;
    },
  });
  Object.defineProperty(proto, 'scrollTo', {
    configurable: true,
    writable: true,
    value(this: HTMLElement, options: ScrollToOptions) {
      if (typeof options?.top === 'number') this.scrollTop = options.top;
      this.dispatchEvent(new Event('scroll'));
    },
  });
  return () => {
    for (const [key, descriptor] of saved) {
      if (descriptor) Object.defineProperty(proto, key, descriptor);
      else delete proto[key];
    }
  };
}
