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

let library: Promise<typeof import('pdfjs-dist')> | null = null;

function pdfjs() {
  library ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(([lib, worker]) => {
    lib.GlobalWorkerOptions.workerSrc = worker.default;
    return lib;
  });
  return library;
}

/**
 * Opens the PDF at `url` (a signed URL: no credentials). pdf.js reads it by ranges where the server allows,
 * so the first page paints before the whole file has arrived. No eval (the Content-Security-Policy forbids it).
 */
export function openPdf(url: string): PdfLoading {
  let task: { destroy(): Promise<void> } | null = null;
  let destroyed = false;
  const promise = pdfjs().then((lib) => {
    if (destroyed) throw new DOMException('The document was closed', 'AbortError');
    const loading = lib.getDocument({
      url,
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
