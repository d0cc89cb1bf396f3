import { useEffect, useMemo, useState } from 'react';
import { ChevronDown, ChevronRight, Download } from 'lucide-react';

/** Characters of JSON shown inline; beyond that the view is cut and the full text is a download. */
export const RAW_JSON_LIMIT = 20_000;

export type RawJsonProps = {
  value: unknown;
  /** Name of the downloaded file, without extension. */
  fileName?: string;
  limit?: number;
};

/**
 * "View Raw JSON" for one entry. Nothing is serialised until the user opens it, and a payload over
 * `limit` characters shows only its start, with the whole JSON offered as a file (a Blob URL), so
 * a multi-megabyte payload never freezes the tab by being laid out as text.
 */
export function RawJson({ value, fileName = 'event', limit = RAW_JSON_LIMIT }: RawJsonProps) {
  const [open, setOpen] = useState(false);
  return (
    <div className="pv-raw-json">
      <button type="button" className="pv-raw-json__toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {open ? <ChevronDown size={12} aria-hidden /> : <ChevronRight size={12} aria-hidden />}
        View Raw JSON
      </button>
      {open ? <RawJsonBody value={value} fileName={fileName} limit={limit} /> : null}
    </div>
  );
}

function RawJsonBody({ value, fileName, limit }: { value: unknown; fileName: string; limit: number }) {
  const json = useMemo(() => {
    try {
      return JSON.stringify(value, null, 2) ?? String(value);
    } catch (error) {
      return `/* cannot show this value: ${error instanceof Error ? error.message : String(error)} */`;
    }
  }, [value]);
  const truncated = json.length > limit;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!truncated || typeof URL.createObjectURL !== 'function') return;
    const href = URL.createObjectURL(new Blob([json], { type: 'application/json' }));
    setUrl(href);
    return () => URL.revokeObjectURL(href);
  }, [json, truncated]);
  return (
    <div className="pv-raw-json__body">
      <pre data-testid="raw-json">{truncated ? `${json.slice(0, limit)}\n…` : json}</pre>
      {truncated ? (
        <p className="pv-raw-json__cut" data-testid="raw-json-truncated">
          Showing the first {formatSize(limit)} of {formatSize(json.length)}.{' '}
          {url ? (
            <a href={url} download={`${fileName}.json`}>
              <Download size={12} aria-hidden /> Download full JSON
            </a>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}

export function formatSize(chars: number): string {
  if (chars < 1024) return `${chars} B`;
  if (chars < 1024 * 1024) return `${(chars / 1024).toFixed(chars < 10 * 1024 ? 1 : 0)} KB`;
  return `${(chars / (1024 * 1024)).toFixed(1)} MB`;
}
