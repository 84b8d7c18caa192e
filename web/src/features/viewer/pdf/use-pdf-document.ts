import { useEffect, useState } from 'react';
import { isAbortError } from '../../../lib/api/client';
import type { PageSize } from './layout';
import { openPdf, type PdfDocument } from './load-pdf';

export interface PdfState {
  doc?: PdfDocument;
  /** The first page's size at scale 1: every page's until its own is known. */
  firstPage?: PageSize;
  error?: unknown;
}

/** The PDF at `url`, opened while the component lives (and closed after, with its worker's copy). */
export function usePdfDocument(url: string): PdfState {
  const [state, setState] = useState<PdfState & { url?: string }>({});

  useEffect(() => {
    let live = true;
    const loading = openPdf(url);
    loading.promise
      .then(async (doc) => {
        const first = await doc.getPage(1);
        const { width, height } = first.getViewport({ scale: 1 });
        if (live) setState({ url, doc, firstPage: { width, height } });
      })
      .catch((error: unknown) => {
        if (live && !isAbortError(error)) setState({ url, error });
      });
    return () => {
      live = false;
      loading.destroy();
    };
  }, [url]);

  return state.url === url ? state : {};
}
