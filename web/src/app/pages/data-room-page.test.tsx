import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { dealRoutes } from '../routes';
import { TOKEN_KEY } from '../../lib/api/client';
import { jsonResponse, renderRoutes, stubApi, type RouteHandler } from '../../test/utils';
import type { FileSummary } from '@contracts/files';
import type { Capability, FolderListing } from '../../features/dataroom/types';

// The pages are lazy: their modules are compiled here, once, rather than inside a test's wait for its
// first render (with the machine busy, that outlasted any sensible wait).
beforeAll(async () => {
  await Promise.all([import('./data-room-page'), import('./file-detail-page')]);
}, 600_000);

const ALL: Capability[] = ['view', 'download', 'comment', 'approve', 'upload', 'edit_files', 'edit_folders'];
const FILE_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

/** The fake API; its calls as `METHOD /path?query` lines. */
function fakeApi(routes: Record<string, RouteHandler | unknown>) {
  const calls = stubApi(routes);
  return { lines: () => calls.map((c) => `${c.key}${c.url.search}`) };
}

async function chooseMenuItem(name: RegExp) {
  fireEvent.click(await screen.findByRole('menuitem', { name }));
}

function listing(overrides: Partial<FolderListing> = {}): FolderListing {
  return {
    path: '/',
    folder: null,
    breadcrumbs: [{ name: 'Data Room', path: '/' }],
    folders: [],
    files: [],
    capabilities: ALL,
    next_cursor: null,
    ...overrides,
  };
}

/** The listing of /Legal, holding the folder Tax. */
function legalFolder(overrides: Partial<FolderListing> = {}): FolderListing {
  return listing({
    path: '/Legal',
    folder: { id: 'fo1', name: 'Legal', full_path: '/Legal', created_at: '2026-01-01' },
    breadcrumbs: [
      { name: 'Data Room', path: '/' },
      { name: 'Legal', path: '/Legal' },
    ],
    folders: [{ id: 'fo2', name: 'Tax', full_path: '/Legal/Tax', created_at: '2026-01-01' }],
    ...overrides,
  });
}

const file = (id: string, name: string, extra: Partial<FileSummary> = {}): FileSummary => ({
  id,
  name,
  formatted_title: null,
  file_type: 'pdf',
  content_type: 'application/pdf',
  current_version: 1,
  checklist_items: [],
  approval_status: 'pending',
  permission_type: 'all',
  updated_at: '2026-01-02T10:00:00Z',
  path: '/',
  created_at: '2026-01-02T10:00:00Z',
  size_bytes: 2048,
  ai_status: 'not_started',
  uploaded_by: 'someone-else',
  tags: [],
  can_edit: true,
  can_download: true,
  can_approve: true,
  can_comment: true,
  can_request_ai: true,
  can_decide_ai: true,
  ...extra,
});

function open(path: string) {
  localStorage.setItem(TOKEN_KEY, 'tok');
  return renderRoutes(
    [
      {
        path: '/deals/:dealId',
        element: (
          <Suspense fallback={<p>loading page</p>}>
            <Outlet />
          </Suspense>
        ),
        children: dealRoutes,
      },
    ],
    path,
  );
}

describe('data-room routes', () => {
  it('shows the root for /files and reads the folder path of /files/*', async () => {
    const calls = fakeApi({
      'GET /api/deals/d1/files': (url: URL) =>
        jsonResponse(
          listing({
            path: url.searchParams.get('path') ?? '/',
            breadcrumbs: [
              { name: 'Data Room', path: '/' },
              { name: 'Legal & Tax', path: '/Legal & Tax' },
              { name: 'Q1 2024', path: '/Legal & Tax/Q1 2024' },
            ],
            folder: { id: 'fo2', name: 'Q1 2024', full_path: '/Legal & Tax/Q1 2024', created_at: '2026-01-01' },
          }),
        ),
    });
    open('/deals/d1/files/Legal%20%26%20Tax/Q1%202024');
    expect(await screen.findByRole('heading', { name: 'Q1 2024' })).toBeInTheDocument();
    expect(calls.lines()).toContain('GET /api/deals/d1/files?path=%2FLegal+%26+Tax%2FQ1+2024&limit=200');
    const crumbs = screen.getAllByRole('link').filter((a) => a.closest('nav[aria-label="breadcrumb"]'));
    expect(crumbs.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Data Room', '/deals/d1/files'],
      ['Legal & Tax', '/deals/d1/files/Legal%20%26%20Tax'],
      ['Q1 2024', '/deals/d1/files/Legal%20%26%20Tax/Q1%202024'],
    ]);
  });

  it('tells a file id from a folder name under files/', async () => {
    const calls = fakeApi({
      [`GET /api/deals/d1/files/${FILE_ID}`]: () => jsonResponse({ detail: 'File not found' }, 404),
      'GET /api/deals/d1/files': listing({ path: '/Contracts' }),
    });
    const { unmount } = open(`/deals/d1/files/${FILE_ID}`);
    expect(await screen.findByText('File not found')).toBeInTheDocument();
    expect(screen.getByText('The requested file could not be loaded.')).toBeInTheDocument();
    unmount();

    open('/deals/d1/files/Contracts');
    expect(await screen.findByText('No files or folders yet')).toBeInTheDocument();
    expect(calls.lines()).toContain('GET /api/deals/d1/files?path=%2FContracts&limit=200');
  });

  it('resolves an id-based link to its folder path', async () => {
    const calls = fakeApi({
      'GET /api/deals/d1/folders/11111111-2222-4333-8444-555555555555': {
        id: '11111111-2222-4333-8444-555555555555',
        name: 'Tax',
        full_path: '/Legal/Tax',
        created_at: '2026-01-01',
        breadcrumbs: [],
        item_count: 0,
        files: 0,
        folders: 0,
      },
      'GET /api/deals/d1/files': listing({ path: '/Legal/Tax' }),
    });
    open('/deals/d1/data-room/folder/11111111-2222-4333-8444-555555555555');
    await screen.findByText('No files or folders yet');
    expect(calls.lines()).toContain('GET /api/deals/d1/files?path=%2FLegal%2FTax&limit=200');
  });

  it('shows Folder Not Found with Go to Root for a missing path and for a missing folder id', async () => {
    fakeApi({
      'GET /api/deals/d1/files': (url: URL) =>
        url.searchParams.get('path') === '/'
          ? jsonResponse(listing())
          : jsonResponse({ detail: "Path not found or you don't have access" }, 404),
    });
    const { router, unmount } = open('/deals/d1/data-room/path/Nope');
    expect(await screen.findByText('Folder Not Found')).toBeInTheDocument();
    expect(screen.getByText("Path not found or you don't have access")).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Go to Root/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/deals/d1/files'));
    unmount();

    open('/deals/d1/folders/not-an-id');
    expect(await screen.findByText('Folder Not Found')).toBeInTheDocument();
    expect(screen.getByText("Folder not found or you don't have access")).toBeInTheDocument();
  });

  it('shows Access Denied on 403 and a generic error with Try Again otherwise', async () => {
    fakeApi({ 'GET /api/deals/d1/files': () => jsonResponse({ detail: 'no' }, 403) });
    const { unmount } = open('/deals/d1/files/Secret');
    expect(await screen.findByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to access this path")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Go to Root/ })).toBeInTheDocument();
    unmount();

    fakeApi({ 'GET /api/deals/d1/files': () => jsonResponse({ detail: 'Database unavailable' }, 500) });
    open('/deals/d1/files');
    expect(await screen.findByText('An error occurred while loading the folder')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Try Again/ })).toBeInTheDocument();
    expect(await screen.findByText('Failed to load files')).toBeInTheDocument();
  });
});

describe('buttons per capabilities', () => {
  it('offers everything to a member who may upload and edit', async () => {
    fakeApi({
      'GET /api/deals/d1/files': listing({
        folders: [{ id: 'fo1', name: 'Legal', full_path: '/Legal', created_at: '2026-01-01' }],
        files: [file('f1', 'spa.pdf', { ai_status: 'review' })],
      }),
    });
    open('/deals/d1/files');
    expect(await screen.findByText('spa.pdf')).toBeInTheDocument();
    for (const name of ['Share Link', 'Create Folder', 'Import Folder', 'Upload Files']) {
      expect(screen.getByRole('button', { name: new RegExp(name) })).toBeInTheDocument();
    }
    // Path Link only inside a folder.
    expect(screen.queryByRole('button', { name: /Path Link/ })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Download spa.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Actions for folder Legal' })).toBeInTheDocument();
    expect(screen.getByText('Review')).toBeInTheDocument();
  });

  it('shows a viewer without upload or edit rights only what they may do', async () => {
    fakeApi({
      'GET /api/deals/d1/files': legalFolder({
        capabilities: ['view'],
        files: [file('f1', 'spa.pdf', { can_edit: false, can_download: false })],
      }),
    });
    open('/deals/d1/files/Legal');
    expect(await screen.findByText('spa.pdf')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Share Link/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Path Link/ })).toBeInTheDocument();
    for (const name of ['Create Folder', 'Import Folder', 'Upload Files']) {
      expect(screen.queryByRole('button', { name: new RegExp(name) })).not.toBeInTheDocument();
    }
    expect(screen.queryByLabelText('Download spa.pdf')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Actions for folder Tax' })).not.toBeInTheDocument();
  });

  it('offers upload_only Upload Files and the drop zone in the folder it opens, and no other write', async () => {
    fakeApi({
      'GET /api/deals/d1/files': legalFolder({ capabilities: ['upload'] }),
    });
    open('/deals/d1/files/Legal');
    expect(await screen.findByText('Tax')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Upload Files/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Drop files here')).toBeInTheDocument();
    for (const name of ['Create Folder', 'Import Folder']) {
      expect(screen.queryByRole('button', { name: new RegExp(name) })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('button', { name: 'Actions for folder Tax' })).not.toBeInTheDocument();
  });

  it('tells upload_only in an empty folder that it sees only the files it uploads', async () => {
    fakeApi({ 'GET /api/deals/d1/files': listing({ capabilities: ['upload'] }) });
    open('/deals/d1/files');
    expect(await screen.findByText('No files of yours here yet')).toBeInTheDocument();
    expect(screen.getByText(/You see only the files you upload/)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Upload Files/ })).toHaveLength(2);
  });

  it('words the empty state by whether the user may upload', async () => {
    fakeApi({ 'GET /api/deals/d1/files': listing({ capabilities: ['view'] }) });
    const { unmount } = open('/deals/d1/files');
    expect(await screen.findByText('No files or folders yet')).toBeInTheDocument();
    expect(screen.getByText(/Nothing has been shared in this folder yet/)).toBeInTheDocument();
    unmount();

    fakeApi({ 'GET /api/deals/d1/files': listing() });
    open('/deals/d1/files');
    expect(await screen.findByText('No files or folders yet')).toBeInTheDocument();
    expect(screen.getByText(/Drag and drop files or folders here/)).toBeInTheDocument();
  });
});

describe('the file browser', () => {
  it('renders only the visible rows of a 10,000-file folder', async () => {
    const files = Array.from({ length: 10_000 }, (_, i) => file(`f${i}`, `Document ${String(i).padStart(5, '0')}.pdf`));
    fakeApi({ 'GET /api/deals/d1/files': listing({ files }) });
    open('/deals/d1/files');
    expect(await screen.findByText('Document 00000.pdf')).toBeInTheDocument();
    expect(screen.getByText('0 folders · 10000 files')).toBeInTheDocument();
    const rendered = screen.getAllByTestId('file-row').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);
    expect(screen.queryByText('Document 09999.pdf')).not.toBeInTheDocument();
  });

  it('reads a long folder a page at a time as the list nears its end, and counts the whole level', async () => {
    const page = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => file(`f${from + i}`, `Doc ${String(from + i).padStart(4, '0')}.pdf`));
    const calls = fakeApi({
      'GET /api/deals/d1/files': (url: URL) =>
        url.searchParams.get('after') === 'Doc 0199.pdf'
          ? jsonResponse(listing({ files: page(200, 260), next_cursor: null }))
          : jsonResponse(listing({ files: page(0, 200), next_cursor: 'Doc 0199.pdf' })),
      // The first page holds 200 of the level's files: the count of all of them is asked for apart.
      'GET /api/deals/d1/files/count': { path: '/', file_count: 260 },
    });
    open('/deals/d1/files');
    expect(await screen.findByText('0 folders · 260 files')).toBeInTheDocument();
    expect(calls.lines()).toContain('GET /api/deals/d1/files/count?path=%2F');
    const list = screen.getByTestId('virtual-list');
    // Each row says how many the list holds (a list cannot carry aria-rowcount: decision 38).
    const setSize = () => list.querySelector('[role="listitem"]')?.getAttribute('aria-setsize');
    expect(setSize()).toBe('200');
    // Scrolled to the bottom of the first page: the rest is read after its last name.
    Object.defineProperty(list, 'scrollTop', { value: 199 * 60, configurable: true });
    fireEvent.scroll(list);
    await waitFor(() => expect(setSize()).toBe('260'));
    expect(calls.lines()).toContain('GET /api/deals/d1/files?path=%2F&limit=200&after=Doc+0199.pdf');
    expect(calls.lines().filter((c) => c.startsWith('GET /api/deals/d1/files?'))).toHaveLength(2);
  });

  it('lists folders first, then files', async () => {
    fakeApi({
      'GET /api/deals/d1/files': listing({
        folders: [{ id: 'fo1', name: 'Zeta', full_path: '/Zeta', created_at: '2026-01-01' }],
        files: [file('f1', 'alpha.pdf')],
      }),
    });
    open('/deals/d1/files');
    await screen.findByText('alpha.pdf');
    const rows = Array.from(document.querySelectorAll('[data-testid="folder-row"], [data-testid="file-row"]')).map(
      (row) => row.textContent ?? '',
    );
    expect(rows[0]).toContain('Zeta');
    expect(rows[1]).toContain('alpha.pdf');
  });

  it('searches the whole deal after a pause and shows where matches are', async () => {
    const calls = fakeApi({
      'GET /api/deals/d1/files': listing({ files: [file('f1', 'alpha.pdf')] }),
      'GET /api/deals/d1/files/search': {
        query: 'tax',
        folders: [{ id: 'fo1', name: 'Tax', path: '/Legal/Tax', full_path: '/Legal/Tax', created_at: '2026-01-01' }],
        files: [file('f2', 'tax-return.pdf', { path: '/Finance' })],
      },
    });
    open('/deals/d1/files');
    await screen.findByText('alpha.pdf');
    fireEvent.change(screen.getByLabelText('Search files and folders'), { target: { value: 'tax' } });
    expect(await screen.findByText('tax-return.pdf')).toBeInTheDocument();
    expect(screen.getByText('in /Finance')).toBeInTheDocument();
    expect(screen.getByText('in /Legal')).toBeInTheDocument();
    expect(screen.getByTestId('search-summary')).toHaveTextContent('2 results for “tax”');
    expect(calls.lines().filter((c) => c.startsWith('GET /api/deals/d1/files/search'))).toEqual([
      'GET /api/deals/d1/files/search?q=tax',
    ]);
  });

  it('copies the id-based share link and the path link', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fakeApi({
      'GET /api/deals/d1/files': listing({
        path: '/Legal',
        folder: { id: 'fo1', name: 'Legal', full_path: '/Legal', created_at: '2026-01-01' },
      }),
    });
    open('/deals/d1/files/Legal');
    fireEvent.click(await screen.findByRole('button', { name: /Share Link/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/deals/d1/data-room/folder/fo1`));
    fireEvent.click(screen.getByRole('button', { name: /Path Link/ }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/deals/d1/data-room/path/Legal`));

    writeText.mockRejectedValueOnce(new Error('denied'));
    fireEvent.click(screen.getByRole('button', { name: /Share Link/ }));
    expect(await screen.findByText('Failed to copy link')).toBeInTheDocument();
  });

  it('validates and creates a folder in the current path', async () => {
    let body: unknown;
    fakeApi({
      'GET /api/deals/d1/files': listing({
        path: '/Legal',
        folder: { id: 'fo1', name: 'Legal', full_path: '/Legal', created_at: '' },
      }),
      'POST /api/deals/d1/folders': (_url: URL, init?: RequestInit) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse({ detail: 'A folder named "Tax" already exists here' }, 409);
      },
    });
    open('/deals/d1/files/Legal');
    fireEvent.click(await screen.findByRole('button', { name: /Create Folder/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Create New Folder')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Folder' }));
    expect(await within(dialog).findByText('Please enter a folder name')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: ' Tax ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Folder' }));
    expect(await screen.findByText('Failed to create folder')).toBeInTheDocument();
    expect(screen.getByText('A folder named "Tax" already exists here')).toBeInTheDocument();
    expect(body).toEqual({ name: 'Tax', path: '/Legal' });
  });

  it('names how many items go with a deleted folder', async () => {
    const calls = fakeApi({
      'GET /api/deals/d1/files': listing({
        folders: [{ id: '11111111-2222-4333-8444-555555555555', name: 'Legal', full_path: '/Legal', created_at: '' }],
      }),
      'GET /api/deals/d1/folders/11111111-2222-4333-8444-555555555555': {
        id: '11111111-2222-4333-8444-555555555555',
        name: 'Legal',
        full_path: '/Legal',
        created_at: '',
        breadcrumbs: [],
        item_count: 7,
        folders: 2,
        files: 5,
      },
      'DELETE /api/deals/d1/folders/11111111-2222-4333-8444-555555555555': { deleted_folders: 3, deleted_files: 5 },
    });
    open('/deals/d1/files');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for folder Legal' }));
    await chooseMenuItem(/Delete/);
    await waitFor(() =>
      expect(screen.getByTestId('folder-item-count')).toHaveTextContent(
        '7 items inside (2 subfolders, 5 files) will be deleted with it.',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Folder deleted')).toBeInTheDocument();
    expect(calls.lines()).toContain('DELETE /api/deals/d1/folders/11111111-2222-4333-8444-555555555555');
  });

  it("shows the server's detail when deleting a file fails", async () => {
    fakeApi({
      'GET /api/deals/d1/files': listing({ files: [file('f1', 'spa.pdf')] }),
      'DELETE /api/deals/d1/files/f1': () => jsonResponse({ detail: "You don't have permission to delete this file." }, 403),
    });
    open('/deals/d1/files');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for spa.pdf' }));
    await chooseMenuItem(/Delete/);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete file')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to delete this file.")).toBeInTheDocument();
  });

  it('Edit File renames, retags and describes a file from its row, each based on the version it read', async () => {
    const bodies: { key: string; body: any; ifMatch: string | null }[] = [];
    const detail = {
      id: 'f1',
      deal_id: 'd1',
      name: 'spa.pdf',
      tags: ['legal'],
      edit_version: 4,
      formatted_title: null,
      versions: [],
      created_at: '2026-01-02T10:00:00Z',
    };
    fakeApi({
      'GET /api/deals/d1/files': listing({ files: [file('f1', 'spa.pdf', { tags: ['legal'] })] }),
      'GET /api/deals/d1/files/f1/metadata': {
        file: detail,
        metadata: { document_type: 'Agreement', quick_summary: '', confidentiality_level: 'internal' },
      },
      'PUT /api/deals/d1/files/f1': (_url: URL, init?: RequestInit) => {
        bodies.push({ key: 'file', body: JSON.parse(String(init?.body)), ifMatch: new Headers(init?.headers).get('If-Match') });
        return jsonResponse({ ...detail, name: 'SPA signed.pdf', edit_version: 5 });
      },
      'PUT /api/deals/d1/files/f1/metadata': (_url: URL, init?: RequestInit) => {
        bodies.push({
          key: 'metadata',
          body: JSON.parse(String(init?.body)),
          ifMatch: new Headers(init?.headers).get('If-Match'),
        });
        return jsonResponse({ file: { ...detail, edit_version: 6 }, metadata: {} });
      },
    });
    open('/deals/d1/files');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for spa.pdf' }));
    await chooseMenuItem(/Edit File/);
    const dialog = await screen.findByRole('dialog', { name: 'Edit File' });
    const name = await within(dialog).findByDisplayValue('spa.pdf');
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Please enter a file name')).toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'SPA signed.pdf' } });
    fireEvent.change(within(dialog).getByDisplayValue('legal'), { target: { value: 'legal, signed, legal' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Executed share purchase agreement' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('File updated')).toBeInTheDocument();
    expect(bodies[0]).toEqual({ key: 'file', body: { name: 'SPA signed.pdf', tags: ['legal', 'signed'] }, ifMatch: '"4"' });
    expect(bodies[1].key).toBe('metadata');
    expect(bodies[1].ifMatch).toBe('"5"');
    expect(bodies[1].body).toMatchObject({ quick_summary: 'Executed share purchase agreement', document_type: 'Agreement' });
  });

  it("a row's menu reviews a waiting AI suggestion and retries a failed analysis (decision 37)", async () => {
    const calls = fakeApi({
      'GET /api/deals/d1/files': listing({
        files: [file('f1', 'spa.pdf', { ai_status: 'review' }), file('f2', 'lease.pdf', { ai_status: 'try_again' })],
      }),
      'GET /api/deals/d1/files/f1/ai-analysis': { status: 'review', candidates: [], reasoning: 'A share purchase agreement.' },
      'POST /api/deals/d1/files/f2/ai-analysis/retry': { status: 'queued', message: 'queued' },
    });
    open('/deals/d1/files');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for lease.pdf' }));
    expect(screen.queryByRole('menuitem', { name: /Review AI suggestion/ })).not.toBeInTheDocument();
    await chooseMenuItem(/Retry AI analysis/);
    expect(await screen.findByText('AI analysis started')).toBeInTheDocument();
    expect(calls.lines()).toContain('POST /api/deals/d1/files/f2/ai-analysis/retry');

    fireEvent.click(await screen.findByRole('button', { name: 'Actions for spa.pdf' }));
    await screen.findByRole('menuitem', { name: /Review AI suggestion/ });
    expect(screen.queryByRole('menuitem', { name: /Retry AI analysis/ })).not.toBeInTheDocument();
    await chooseMenuItem(/Review AI suggestion/);
    expect(await screen.findByRole('dialog', { name: 'AI Analysis Review' })).toBeInTheDocument();
  });

  it('offers no AI entry to a file without a suggestion, nor a retry to whoever may not ask for one', async () => {
    fakeApi({
      'GET /api/deals/d1/files': listing({
        files: [
          file('f1', 'spa.pdf', { ai_status: 'completed' }),
          file('f2', 'lease.pdf', { ai_status: 'try_again', can_request_ai: false }),
        ],
      }),
    });
    open('/deals/d1/files');
    for (const name of ['spa.pdf', 'lease.pdf']) {
      fireEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
      expect(await screen.findByRole('menuitem', { name: /Open/ })).toBeInTheDocument();
      expect(screen.queryByRole('menuitem', { name: /AI/ })).not.toBeInTheDocument();
      fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('menuitem', { name: /Open/ })).not.toBeInTheDocument());
    }
  });

  it("opens a file in the viewer from its row and its menu's Open; Details is the file's page", async () => {
    fakeApi({
      'GET /api/deals/d1/files': listing({ capabilities: ['view'], files: [file(FILE_ID, 'spa.pdf', { can_download: false })] }),
    });
    const { router } = open('/deals/d1/files');
    // The row's own Open shows from tablet width up (jsdom matches no media query: it is there, hidden).
    expect(await screen.findByLabelText('Open spa.pdf')).toHaveAttribute('href', `/deals/d1/files/${FILE_ID}/view`);
    fireEvent.click(screen.getByRole('button', { name: 'Actions for spa.pdf' }));
    await chooseMenuItem(/Details/);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/deals/d1/files/${FILE_ID}`));
    await router.navigate('/deals/d1/files');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for spa.pdf' }));
    await chooseMenuItem(/Open/);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/deals/d1/files/${FILE_ID}/view`));
  });

  it('offers Edit File only to those who may edit the file', async () => {
    fakeApi({
      'GET /api/deals/d1/files': listing({
        capabilities: ['view', 'download'],
        files: [file('f1', 'spa.pdf', { can_edit: false })],
      }),
    });
    open('/deals/d1/files');
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for spa.pdf' }));
    expect(await screen.findByRole('menuitem', { name: /Download/ })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Edit File/ })).not.toBeInTheDocument();
  });

  it('lists picked files with their sizes in MB and needs at least one', async () => {
    fakeApi({ 'GET /api/deals/d1/files': listing() });
    open('/deals/d1/files');
    fireEvent.click((await screen.findAllByRole('button', { name: /Upload Files/ }))[0]);
    const dialog = await screen.findByRole('dialog');
    // Nothing chosen: the button waits for a file.
    expect(within(dialog).getByRole('button', { name: /^Upload$/ })).toBeDisabled();
    const input = within(dialog).getByLabelText('Choose files');
    const big = new File([new Uint8Array(1_500_000)], 'Org Chart.png', { type: 'image/png' });
    const system = new File(['x'], '.DS_Store');
    fireEvent.change(input, { target: { files: [big, system] } });
    expect(await within(dialog).findByText('Org Chart.png')).toBeInTheDocument();
    expect(within(dialog).queryByText('.DS_Store')).not.toBeInTheDocument();
    expect(within(dialog).getAllByText('1.43 MB').length).toBeGreaterThan(0);
    expect(within(dialog).getByRole('button', { name: /Upload 1 file/ })).toBeInTheDocument();
  });
});
