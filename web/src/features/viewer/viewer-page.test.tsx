import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderRoutes, stubFetch } from '../../test/utils';
import { prefetchViewerSourceFor, type ViewerSource } from './api/viewer-source';
import { FileViewerPage } from './viewer-page';

const DEAL = '11111111-1111-4111-8111-111111111111';
const FILE = '22222222-2222-4222-8222-222222222222';
const VIEWER = `/api/deals/${DEAL}/files/${FILE}/viewer`;

vi.mock('./pdf/load-pdf', async (original) => {
  const actual = await original<typeof import('./pdf/load-pdf')>();
  const texts = ['Board minutes', 'Viewer jane@example.com', 'Closing jane@example.com'];
  const doc = {
    numPages: texts.length,
    getPage: async (n: number) => ({
      getViewport: ({ scale }: { scale: number }) => ({
        width: 600 * scale,
        height: 800 * scale,
        convertToViewportRectangle: (rect: number[]) => rect.map((v) => v * scale),
      }),
      render: () => ({ promise: Promise.resolve(), cancel() {} }),
      getTextContent: async () => ({
        items: [{ str: texts[n - 1], transform: [10, 0, 0, 10, 50, 700], width: 120, height: 10 }],
      }),
    }),
    destroy() {},
  };
  return { ...actual, preloadPdf: () => {}, openPdf: () => ({ promise: Promise.resolve(doc), destroy() {} }) };
});

const answer = (patch: Partial<ViewerSource> = {}): ViewerSource => ({
  file_id: FILE,
  version_number: 2,
  filename: 'Board minutes.pdf',
  mime_type: 'application/pdf',
  size_bytes: 2048,
  render_as: 'pdf',
  source_url: '/storage/v1/viewer/signed',
  expires_in: 300,
  watermarked: false,
  can_download: true,
  conversion: null,
  ...patch,
});

type Reply = Response | (() => Response);

function fakeApi(viewer: Reply | Reply[], source = 'a,b\n1,2\n') {
  const replies = Array.isArray(viewer) ? [...viewer] : [viewer];
  return stubFetch(({ key, url }) => {
    if (url.pathname === VIEWER) {
      const next = replies.length > 1 ? replies.shift()! : replies[0];
      return typeof next === 'function' ? next() : next.clone();
    }
    if (key.startsWith('POST ') && url.pathname.endsWith('/views')) return jsonResponse({ view_id: 'v1' }, 201);
    if (url.pathname.endsWith('/pages')) return new Response(null, { status: 204 });
    if (url.pathname.startsWith('/storage/')) return new Response(source, { status: 200 });
  });
}

function open(query = '') {
  localStorage.setItem(TOKEN_KEY, 'tok');
  return renderRoutes(
    [
      { path: '/deals/:dealId/files/:fileId/view', element: <FileViewerPage notFound={<p>Page Not Found</p>} /> },
      { path: '/deals/:dealId/files/:fileId', element: <p>File page</p> },
    ],
    `/deals/${DEAL}/files/${FILE}/view${query}`,
  );
}

const pageStatus = () => screen.getByTestId('page-status').textContent;

describe('FileViewerPage', () => {
  beforeEach(() => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({} as never);
  });
  afterEach(() => vi.useRealTimers());

  it('shows a skeleton while loading, then the PDF with its toolbar, and Back to the file page', async () => {
    fakeApi(jsonResponse(answer()));
    const { router } = open();
    expect(screen.getByTestId('viewer-loading')).toBeInTheDocument();
    expect(await screen.findByTestId('viewer-filename')).toHaveTextContent('Board minutes.pdf');
    expect(screen.getByText('v2')).toBeInTheDocument();
    await waitFor(() => expect(pageStatus()).toBe('Page 1 of 3'));
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-page="1"][data-rendered="true"]')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/deals/${DEAL}/files/${FILE}`));
  });

  it('turns pages with the buttons, the page field and the keys, and zooms with + − 0', async () => {
    fakeApi(jsonResponse(answer()));
    const { router } = open('?page=2');
    await waitFor(() => expect(pageStatus()).toBe('Page 2 of 3'));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(pageStatus()).toBe('Page 3 of 3'));
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(router.state.location.search).toBe('?page=3');
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    await waitFor(() => expect(pageStatus()).toBe('Page 2 of 3'));
    fireEvent.keyDown(window, { key: 'PageUp' });
    await waitFor(() => expect(pageStatus()).toBe('Page 1 of 3'));
    const field = screen.getByRole('textbox', { name: 'Page number' });
    fireEvent.change(field, { target: { value: '9' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(pageStatus()).toBe('Page 3 of 3'));

    // jsdom has no layout: fit width falls back to 100 %.
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('100%');
    fireEvent.keyDown(window, { key: '+' });
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('110%');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    fireEvent.keyDown(window, { key: '-' });
    expect(screen.getByTestId('zoom-level')).toHaveTextContent('90%');
    expect(screen.getByRole('button', { name: 'Fit width' })).toHaveAttribute('aria-pressed', 'false');
    fireEvent.keyDown(window, { key: '0' });
    expect(screen.getByRole('button', { name: 'Fit width' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('searches within the document: Ctrl+F focuses the field, matches are counted and visited', async () => {
    fakeApi(jsonResponse(answer()));
    open();
    await waitFor(() => expect(pageStatus()).toBe('Page 1 of 3'));
    fireEvent.keyDown(window, { key: 'f', ctrlKey: true });
    const search = screen.getByRole('searchbox', { name: 'Search in document' });
    expect(search).toHaveFocus();
    fireEvent.change(search, { target: { value: 'JANE@example.com' } });
    await waitFor(() => expect(screen.getByTestId('search-count')).toHaveTextContent('1 of 2'));
    await waitFor(() => expect(pageStatus()).toBe('Page 2 of 3'));
    fireEvent.keyDown(search, { key: 'Enter' });
    await waitFor(() => expect(pageStatus()).toBe('Page 3 of 3'));
    expect(screen.getByTestId('search-count')).toHaveTextContent('2 of 2');
    // Keys typed into the field are the field's.
    fireEvent.keyDown(search, { key: 'ArrowLeft' });
    expect(pageStatus()).toBe('Page 3 of 3');
    fireEvent.change(search, { target: { value: 'nowhere' } });
    await waitFor(() => expect(screen.getByTestId('search-count')).toHaveTextContent('No matches'));
  });

  it('gives a view-only reader no Download, no copying, and a print notice instead of the document', async () => {
    fakeApi(jsonResponse(answer({ watermarked: true, can_download: false })));
    open();
    await waitFor(() => expect(pageStatus()).toBe('Page 1 of 3'));
    expect(screen.getByText('View only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
    expect(screen.getByTestId('print-blocked')).toHaveTextContent('Printing is not available for this document.');
    const pages = screen.getByTestId('pdf-scroller');
    const menu = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
    pages.dispatchEvent(menu);
    expect(menu.defaultPrevented).toBe(true);
  });

  it('records a view and sends the time per page in batches, and what is left when the tab is hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = fakeApi(jsonResponse(answer()));
    open();
    await waitFor(() =>
      expect(calls.some((c) => c.key.startsWith('POST ') && c.url.pathname.endsWith(`/files/${FILE}/views`))).toBe(true),
    );
    expect(calls.find((c) => c.url.pathname.endsWith('/views'))?.body).toEqual({ version_number: 2 });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5_000);
    });
    await waitFor(() => expect(calls.some((c) => c.url.pathname === `/api/deals/${DEAL}/views/v1/pages`)).toBe(true));
    const first = calls.find((c) => c.url.pathname.endsWith('/pages'))!;
    expect(first.body.pages[0].page).toBe(1);
    expect(first.body.pages[0].seconds).toBeGreaterThan(4);
    expect(first.init?.keepalive).toBeFalsy();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    fireEvent(document, new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    const last = calls.filter((c) => c.url.pathname.endsWith('/pages')).at(-1)!;
    expect(last.init?.keepalive).toBe(true);
    expect(last.body.pages.map((p: { page: number }) => p.page)).toContain(2);
  });

  it('shows the app not-found page for a file the caller may not view', async () => {
    fakeApi(jsonResponse({ detail: 'File not found' }, 404));
    open();
    expect(await screen.findByText('Page Not Found')).toBeInTheDocument();
  });

  it('shows an error with Try Again, which reads the answer again', async () => {
    fakeApi([
      jsonResponse({ detail: 'Database unavailable' }, 503),
      jsonResponse(answer({ render_as: 'csv', source_url: '/storage/v1/csv' })),
    ]);
    open();
    expect(await screen.findByText('The document could not be opened')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByRole('columnheader', { name: 'a' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '2' })).toBeInTheDocument();
  });

  it('shows a text document', async () => {
    fakeApi(jsonResponse(answer({ render_as: 'text', source_url: '/storage/v1/text' })), 'Plain words');
    open();
    expect(await screen.findByText('Plain words')).toBeInTheDocument();
  });

  it('polls every 2 s while a preview is being prepared, then shows it', async () => {
    const preparing = answer({ render_as: 'none', source_url: null, conversion: { status: 'processing', detail: null } });
    const calls = fakeApi(
      [
        jsonResponse(preparing),
        jsonResponse(answer({ render_as: 'text', source_url: '/storage/v1/t', conversion: { status: 'ready', detail: null } })),
      ],
      'Converted',
    );
    open();
    expect(await screen.findByText('Preparing a preview of this document…')).toBeInTheDocument();
    expect(await screen.findByText('Converted')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname.startsWith(VIEWER))).toHaveLength(2);
  });

  it('says why there is no preview, with Download only for those allowed', async () => {
    fakeApi(
      jsonResponse(
        answer({ render_as: 'none', source_url: null, conversion: { status: 'unavailable', detail: 'No converter here.' } }),
      ),
    );
    open();
    expect(await screen.findByText('No converter here.')).toBeInTheDocument();
    expect(within(screen.getByTestId('no-preview')).getByRole('button', { name: /Download/ })).toBeInTheDocument();
  });

  it('says a type has no preview, without Download for a view-only member', async () => {
    fakeApi(jsonResponse(answer({ render_as: 'none', source_url: null, can_download: false })));
    open();
    expect(await screen.findByText('Preview is not available for this file type.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
  });

  it('uses the answer asked for as the navigation started, once; a later open asks again', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const calls = fakeApi(jsonResponse(answer()));
    prefetchViewerSourceFor(`/deals/${DEAL}/files/${FILE}/view`, '');
    // Not a viewer URL, or not a file id: nothing is asked for.
    prefetchViewerSourceFor(`/deals/${DEAL}/files/reports/view`, '');
    prefetchViewerSourceFor(`/deals/${DEAL}/files/${FILE}`, '');
    const viewerCalls = () => calls.filter((c) => c.url.pathname.startsWith(VIEWER)).length;
    expect(viewerCalls()).toBe(1);
    const first = open();
    await waitFor(() => expect(pageStatus()).toBe('Page 1 of 3'));
    expect(viewerCalls()).toBe(1);
    first.unmount();
    open();
    await waitFor(() => expect(pageStatus()).toBe('Page 1 of 3'));
    expect(viewerCalls()).toBe(2);
  });
});
