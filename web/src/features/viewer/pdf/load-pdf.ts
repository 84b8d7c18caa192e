/**
 * pdf.js, loaded with the viewer only (its library and its worker are chunks of their own, fetched the first
 * time a PDF is opened), and the small part of its API the viewer uses, so tests can stand in for it.
 */
export interface PdfViewport {
  width: number;
  height: number;
  convertToViewportRectangle(rect: number[]): number[];
}

export interface PdfTextItem {
  str?: string;
  transform?: number[];
  width?: number;
  height?: number;
}

export interface PdfPageProxy {
  getViewport(params: { scale: number }): PdfViewport;
  render(params: {
    canvas: HTMLCanvasElement;
    canvasContext: CanvasRenderingContext2D;
    viewport: PdfViewport;
    transform?: number[];
  }): {
    promise: Promise<unknown>;
    cancel(): void;
  };
  getTextContent(): Promise<{ items: PdfTextItem[] | unknown[] }>;
}

export interface PdfDocument {
  numPages: number;
  getPage(pageNumber: number): Promise<PdfPageProxy>;
  destroy(): Promise<void> | void;
}

export interface PdfLoading {
  promise: Promise<PdfDocument>;
  destroy(): void;
}

type PdfJs = typeof import('pdfjs-dist');
let library: Promise<{ lib: PdfJs; worker: InstanceType<PdfJs['PDFWorker']> }> | null = null;

/**
 * pdf.js and its worker thread, loaded once and kept: every document opened after the first finds the
 * worker started (a loading task does not end a worker it was given).
 */
function pdfjs() {
  library ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return { lib, worker: new lib.PDFWorker() };
  });
  return library;
}

/**
 * Starts loading pdf.js and its worker without waiting for them: the viewer calls it when it opens, so
 * they load while the document's details are asked for rather than after.
 */
export function preloadPdf(): void {
  pdfjs().catch(() => {
    library = null; // a chunk that failed to load is tried again by the next open, which reports it
  });
}

/**
 * Opens the PDF at `url` (a signed URL: no credentials). pdf.js reads it by ranges where the server allows,
 * so the first page paints before the whole file has arrived. No eval (the Content-Security-Policy forbids it).
 */
export function openPdf(url: string): PdfLoading {
  let task: { destroy(): Promise<void> } | null = null;
  let destroyed = false;
  const promise = pdfjs().then(({ lib, worker }) => {
    if (destroyed) throw new DOMException('The document was closed', 'AbortError');
    const loading = lib.getDocument({
      url,
      worker,
      withCredentials: false,
      isEvalSupported: false,
      // Fonts a PDF names without embedding, and CJK character maps, from this origin (web/pdfjs-assets.ts).
      standardFontDataUrl: '/pdfjs/standard_fonts/',
      cMapUrl: '/pdfjs/cmaps/',
      cMapPacked: true,
    });
    task = loading;
    return loading.promise as unknown as Promise<PdfDocument>;
  });
  return {
    promise,
    destroy() {
      destroyed = true;
      void task?.destroy();
    },
  };
}

/** The HTTP status of a failed read of the document, when pdf.js reports one. */
export function failedStatus(error: unknown): number | null {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status > 0) return status;
  const match = /\b(403|404|410)\b/.exec(String((error as { message?: unknown } | null)?.message ?? ''));
  return match ? Number(match[1]) : null;
}
