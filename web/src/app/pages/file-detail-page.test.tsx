import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../lib/api/client';
import { fakeTus } from '../../test/fake-tus';
import { jsonResponse, renderRoutes, stubApi, type RouteHandler } from '../../test/utils';
import { uploadNewVersion } from '../../lib/new-version-upload';
import FileDetailPage from './file-detail-page';
import type { FileDetail } from '../../features/files/types';
import { ALL_MEMBERS } from '../../features/files/api/file-permissions';

vi.mock('tus-js-client', () => import('../../test/fake-tus'));

const FILE_ID = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
const BASE = `/api/deals/d1/files/${FILE_ID}`;

const detail = (over: Partial<FileDetail> = {}): FileDetail => ({
  id: FILE_ID,
  deal_id: 'd1',
  folder_id: 'fo1',
  content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  permission_type: 'all',
  updated_at: '2026-01-03T10:00:00Z',
  uploaded_by: 'u1',
  approval_note: null,
  edit_version: 1,
  ai_analysis_id: null,
  ai_analysis_status: null,
  ai_recommended_item: null,
  ai_category: null,
  ai_confidence: null,
  ai_reasoning: null,
  name: 'SPA draft.docx',
  formatted_title: 'Share Purchase Agreement',
  file_type: 'docx',
  current_version: 2,
  size_bytes: 90_000,
  tags: ['legal'],
  checklist_items: ['aaaaaaaa-1111-4111-8111-111111111111'],
  checklist_links: [{ id: 'aaaaaaaa-1111-4111-8111-111111111111', item_code: 'L.1.2', name: 'Share purchase agreement' }],
  approval_status: 'review',
  ai_status: 'not_started',
  created_at: '2026-01-02T10:00:00Z',
  path: '/Legal/Q1 2024',
  uploader: { id: 'u1', email: 'jane@example.com', first_name: 'Jane', last_name: 'Doe' },
  versions: [
    { version_number: 2, uploaded_at: '2026-01-03T10:00:00Z', file_size: 90_000 },
    { version_number: 1, uploaded_at: '2026-01-02T10:00:00Z', file_size: 80_000 },
  ],
  can_edit: true,
  can_download: true,
  can_approve: true,
  can_comment: true,
  can_upload_version: true,
  can_request_ai: false,
  can_decide_ai: false,
  ...over,
});

const fakeApi = stubApi;

const standard = (over: Record<string, RouteHandler | unknown> = {}) => ({
  [`GET ${BASE}`]: detail(),
  [`GET ${BASE}/metadata`]: {
    file: detail(),
    metadata: {
      formatted_title: 'Share Purchase Agreement',
      document_type: 'Agreement',
      confidentiality_level: 'confidential',
      quick_summary: 'Draft SPA',
      people_mentioned: ['Jane Doe'],
      named_organizations: ['Acme Ltd'],
      languages_used: [],
    },
  },
  [`GET ${BASE}/comments`]: [],
  [`GET ${BASE}/permissions`]: ALL_MEMBERS,
  ...over,
});

function open() {
  localStorage.setItem(TOKEN_KEY, 'tok');
  return renderRoutes([{ path: '/deals/:dealId/files/:fileId', element: <FileDetailPage /> }], `/deals/d1/files/${FILE_ID}`);
}

describe('file detail', () => {
  it('shows the file, its details and versions; no Re-run AI for someone who may not ask for one', async () => {
    fakeApi(standard());
    open();
    expect(await screen.findByTestId('file-title')).toHaveTextContent('Share Purchase Agreement');
    expect(screen.getByText('SPA draft.docx')).toBeInTheDocument();
    expect(screen.getByText('Word document')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Files/ })).toHaveAttribute('href', '/deals/d1/files/Legal/Q1%202024');
    expect(screen.queryByRole('button', { name: /Re-run AI/ })).not.toBeInTheDocument();
    expect(screen.getAllByTestId('version-row')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Download version 1' })).toBeInTheDocument();
    // Open reads the document in the viewer; each version opens at its own number.
    expect(screen.getByRole('link', { name: 'Open' })).toHaveAttribute('href', `/deals/d1/files/${FILE_ID}/view`);
    expect(screen.getByRole('link', { name: 'Open version 1' })).toHaveAttribute(
      'href',
      `/deals/d1/files/${FILE_ID}/view?version=1`,
    );
    expect(await screen.findByText('Agreement')).toBeInTheDocument();
    expect(screen.getByText('Confidential')).toBeInTheDocument();
    expect(screen.getByTestId('people-organizations')).toHaveTextContent('Acme Ltd');
    expect(screen.getByText('Linked to 1 checklist item')).toBeInTheDocument();
    // The item by code and name, never an id fragment.
    expect(screen.getByTestId('checklist-link')).toHaveTextContent('L.1.2 · Share purchase agreement');
    expect(screen.queryByText('aaaaaaaa')).toBeNull();
    expect(screen.queryByTestId('processing-badge')).not.toBeInTheDocument();
  });

  it("shows 'Processing' while the AI works and hides People & Organizations when there are none", async () => {
    fakeApi(
      standard({
        [`GET ${BASE}`]: detail({ ai_status: 'processing' }),
        [`GET ${BASE}/metadata`]: { file: detail(), metadata: { people_mentioned: [], named_organizations: [] } },
      }),
    );
    open();
    expect(await screen.findByTestId('processing-badge')).toHaveTextContent('Processing');
    await screen.findByText('Document Details');
    expect(screen.queryByTestId('people-organizations')).not.toBeInTheDocument();
  });

  it('shows the AI analysis, re-runs it, and polls while it is queued', async () => {
    let status = 'review';
    const calls = fakeApi(
      standard({
        [`GET ${BASE}`]: () => jsonResponse(detail({ ai_status: status as FileDetail['ai_status'], can_request_ai: true })),
        [`GET ${BASE}/ai-analysis`]: {
          analysis_id: 'a1',
          file_id: FILE_ID,
          file_name: 'SPA draft.docx',
          status: 'review',
          provider: 'builtin',
          version_number: 2,
          recommended_item: { id: 'aaaaaaaa-1111-4111-8111-111111111111', name: 'Share purchase agreement', category: 'Legal' },
          category: 'Legal',
          confidence: 86,
          reasoning: 'The name says "SPA", which stands for share purchase agreement.',
          candidates: [],
          ai_tags: [],
          extraction: 'full',
          chosen_item_id: null,
          created_at: '2026-01-03T10:00:00Z',
          decided_at: null,
          can_decide: true,
        },
        [`POST ${BASE}/ai-analysis/retry`]: () => {
          status = 'queued';
          return jsonResponse({ status: 'queued', message: 'AI analysis started' });
        },
      }),
    );
    open();
    expect(await screen.findByTestId('ai-recommended-item')).toHaveTextContent('Share purchase agreement');
    expect(screen.getByTestId('ai-reasoning')).toHaveTextContent('"SPA"');
    expect(screen.getByText('86%')).toHaveAttribute('data-confidence', 'green');
    expect(screen.getByRole('button', { name: /Review suggestion/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Re-run AI/ }));
    expect(await screen.findByText('AI analysis started')).toBeInTheDocument();
    expect(calls.some((c) => c.key === `POST ${BASE}/ai-analysis/retry`)).toBe(true);
    expect(await screen.findByTestId('queued-badge')).toHaveTextContent('Queued for AI');
    expect(screen.getByTestId('ai-busy')).toHaveTextContent('Waiting for the AI assistant');
    expect(screen.getByRole('button', { name: /Re-run AI|Analysing/ })).toBeDisabled();
    const before = calls.filter((c) => c.key === `GET ${BASE}`).length;
    await waitFor(() => expect(calls.filter((c) => c.key === `GET ${BASE}`).length).toBeGreaterThan(before));
  });

  it('says when the document could not be read and the suggestion rests on its name alone', async () => {
    fakeApi(
      standard({
        [`GET ${BASE}`]: () => jsonResponse(detail({ ai_status: 'review' as FileDetail['ai_status'] })),
        [`GET ${BASE}/ai-analysis`]: {
          analysis_id: 'a2',
          file_id: FILE_ID,
          file_name: 'Capitalisation table.pdf',
          status: 'review',
          provider: 'builtin',
          version_number: 1,
          recommended_item: { id: 'aaaaaaaa-1111-4111-8111-111111111111', name: 'Capitalisation table', category: 'Corporate' },
          category: 'Corporate',
          confidence: 75,
          reasoning: 'Matches "Capitalisation table". The PDF could not be read (it may be damaged), so only its name was used.',
          candidates: [],
          ai_tags: [],
          extraction: 'name_only',
          chosen_item_id: null,
          created_at: '2026-01-03T10:00:00Z',
          decided_at: null,
          can_decide: true,
        },
      }),
    );
    open();
    expect(await screen.findByTestId('ai-unread')).toHaveTextContent(
      'The document could not be read, so this suggestion rests on its name alone.',
    );
    expect(screen.getByText('75%')).not.toHaveAttribute('data-confidence', 'green');
  });

  it("'Generate with AI' fills the 'Not set' fields and the toast says what it filled and what it could not find", async () => {
    const bare = { formatted_title: null, custom_file_category: null, people_mentioned: [], named_organizations: [] };
    const filled = {
      formatted_title: 'Board Minutes March',
      custom_file_category: 'Corporate',
      people_mentioned: ['Maria Lopez'],
      named_organizations: [],
    };
    let stored: Record<string, unknown> = bare;
    let answer = () =>
      jsonResponse({
        metadata: filled,
        filled_fields: ['formatted_title', 'custom_file_category', 'people_mentioned'],
        filled: ['Formatted title', 'Custom category', 'People'],
        not_found: ['Date range', 'Organizations'],
        message: 'Filled: Formatted title, Custom category, People. Could not find: Date range, Organizations.',
      });
    const calls = fakeApi(
      standard({
        [`GET ${BASE}`]: () => jsonResponse(detail({ formatted_title: stored.formatted_title as string | null })),
        [`GET ${BASE}/metadata`]: () => jsonResponse({ file: detail(), metadata: stored }),
        [`POST ${BASE}/metadata/ai-generate`]: () => {
          stored = filled;
          return answer();
        },
      }),
    );
    open();
    const details = await screen.findByTestId('document-details');
    await waitFor(() => expect(within(details).getAllByText('Not set').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByTestId('people-organizations')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Generate with AI/ }));
    expect(await screen.findByText('AI filled 3 fields')).toBeInTheDocument();
    expect(
      screen.getByText('Filled: Formatted title, Custom category, People. Could not find: Date range, Organizations.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.key === `POST ${BASE}/metadata/ai-generate`)).toHaveLength(1);
    expect(await within(details).findByText('Board Minutes March')).toBeInTheDocument();
    expect(within(details).getByText('Corporate')).toBeInTheDocument();
    expect(within(await screen.findByTestId('people-organizations')).getByText('Maria Lopez')).toBeInTheDocument();

    // Nothing more to find: the toast says what is still missing.
    answer = () =>
      jsonResponse({
        metadata: filled,
        filled_fields: [],
        filled: [],
        not_found: ['Date range', 'Organizations'],
        message: 'Could not find: Date range, Organizations.',
      });
    fireEvent.click(screen.getByRole('button', { name: /Generate with AI/ }));
    expect(await screen.findByText('AI found nothing to fill')).toBeInTheDocument();
    expect(screen.getByText('Could not find: Date range, Organizations.')).toBeInTheDocument();
  });

  it("'Generate with AI' refused shows the server's reason", async () => {
    fakeApi(
      standard({
        [`POST ${BASE}/metadata/ai-generate`]: () => jsonResponse({ detail: 'No empty fields to update with AI metadata' }, 400),
      }),
    );
    open();
    fireEvent.click(await screen.findByRole('button', { name: /Generate with AI/ }));
    expect(await screen.findByText('Failed to generate AI metadata')).toBeInTheDocument();
    expect(await screen.findByText('No empty fields to update with AI metadata')).toBeInTheDocument();
  });

  it('says the file was not found', async () => {
    fakeApi({ [`GET ${BASE}`]: () => jsonResponse({ detail: 'File not found' }, 404) });
    open();
    expect(await screen.findByText('File not found')).toBeInTheDocument();
    expect(screen.getByText('The requested file could not be loaded.')).toBeInTheDocument();
  });

  it('needs a non-blank comment and shows why posting failed', async () => {
    const calls = fakeApi(
      standard({
        [`POST ${BASE}/comments`]: () => jsonResponse({ detail: "You don't have permission to comment on files." }, 403),
      }),
    );
    open();
    const box = await screen.findByLabelText('Add a comment');
    const button = screen.getByRole('button', { name: 'Add Comment' });
    expect(button).toBeDisabled();
    fireEvent.change(box, { target: { value: '   ' } });
    expect(button).toBeDisabled();
    fireEvent.change(box, { target: { value: '  Please send the signed copy ' } });
    expect(button).toBeEnabled();
    fireEvent.click(button);
    expect(await screen.findByText('Failed to add comment')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to comment on files.")).toBeInTheDocument();
    expect(calls.find((c) => c.key === `POST ${BASE}/comments`)?.body).toEqual({ comment: 'Please send the signed copy' });
  });

  it('saves tags parsed from a comma-separated list', async () => {
    const calls = fakeApi(
      standard({ [`PUT ${BASE}`]: (_u: URL, init?: RequestInit) => jsonResponse(detail(JSON.parse(String(init?.body)))) }),
    );
    open();
    const card = await screen.findByTestId('status-organization');
    fireEvent.click(within(card).getByRole('button', { name: /Edit/ }));
    fireEvent.change(within(card).getByLabelText('Tags'), { target: { value: ' legal, , signed ,legal ' } });
    fireEvent.change(within(card).getByLabelText('Approval status'), { target: { value: 'approved' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(calls.some((c) => c.key === `PUT ${BASE}`)).toBe(true));
    expect(calls.find((c) => c.key === `PUT ${BASE}`)?.body).toEqual({ tags: ['legal', 'signed'], approval_status: 'approved' });
  });

  it('a stale edit (412) says the file changed, and the page reloads it', async () => {
    const changed = 'This file was changed by Casey Counsel meanwhile. Review the current details and make your change again.';
    let reads = 0;
    const calls = fakeApi(
      standard({
        [`GET ${BASE}`]: () => jsonResponse(++reads === 1 ? detail() : detail({ tags: ['signed'], edit_version: 2 })),
        [`PUT ${BASE}`]: () => jsonResponse({ detail: changed, current: detail({ tags: ['signed'], edit_version: 2 }) }, 412),
      }),
    );
    open();
    const card = await screen.findByTestId('status-organization');
    fireEvent.click(within(card).getByRole('button', { name: /Edit/ }));
    fireEvent.change(within(card).getByLabelText('Tags'), { target: { value: 'legal, draft' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update file')).toBeInTheDocument();
    expect(screen.getByText(changed)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.key === `GET ${BASE}`).length).toBeGreaterThan(1));
    // The draft stays in the form to be made again; closed, the card shows the other person's version.
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    expect(await within(card).findByText('signed')).toBeInTheDocument();
  });

  it('moves focus into the status form on Edit and back to Edit when the form closes (decision 38)', async () => {
    fakeApi(standard({ [`PUT ${BASE}`]: (_u: URL, init?: RequestInit) => jsonResponse(detail(JSON.parse(String(init?.body)))) }));
    open();
    const card = await screen.findByTestId('status-organization');
    const inForm = () => card.querySelector('form')?.contains(document.activeElement) ?? false;
    fireEvent.click(within(card).getByRole('button', { name: /Edit/ }));
    await waitFor(() => expect(inForm()).toBe(true));
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(within(card).getByRole('button', { name: /Edit/ })).toHaveFocus());
    fireEvent.click(within(card).getByRole('button', { name: /Edit/ }));
    await waitFor(() => expect(inForm()).toBe(true));
    fireEvent.click(within(card).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(within(card).getByRole('button', { name: /Edit/ })).toHaveFocus());
  });

  it("shows the server's detail when saving document details fails", async () => {
    const calls = fakeApi(
      standard({ [`PUT ${BASE}/metadata`]: () => jsonResponse({ detail: 'That date does not exist' }, 400) }),
    );
    open();
    const card = await screen.findByTestId('document-details');
    await within(card).findByText('Agreement');
    fireEvent.click(within(card).getByRole('button', { name: /Edit/ }));
    fireEvent.change(within(card).getByLabelText('Document type'), { target: { value: 'NDA' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to save changes')).toBeInTheDocument();
    expect(screen.getByText('That date does not exist')).toBeInTheDocument();
    expect(calls.find((c) => c.key === `PUT ${BASE}/metadata`)?.body).toMatchObject({
      document_type: 'NDA',
      custom_file_category: null,
      date_range_start: null,
    });
  });

  it('edits the people, organisations and languages a document names, as lists', async () => {
    let saved: any = null;
    const calls = fakeApi(
      standard({
        [`PUT ${BASE}/metadata`]: (_url: URL, init?: RequestInit) => {
          saved = JSON.parse(String(init?.body));
          return jsonResponse({ file: detail(), metadata: { ...saved } });
        },
      }),
    );
    open();
    const card = await screen.findByTestId('document-details');
    await within(card).findByText('Agreement');
    fireEvent.click(within(card).getByRole('button', { name: /Edit/ }));
    expect(within(card).getByLabelText('People mentioned')).toHaveValue('Jane Doe');
    fireEvent.change(within(card).getByLabelText('People mentioned'), {
      target: { value: 'Jane Doe, Ada Lovelace, , Jane Doe' },
    });
    fireEvent.change(within(card).getByLabelText('Languages'), { target: { value: 'English, German' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(saved).not.toBeNull());
    expect(saved).toMatchObject({
      people_mentioned: ['Jane Doe', 'Ada Lovelace'],
      named_organizations: ['Acme Ltd'],
      languages_used: ['English', 'German'],
    });
    expect(calls.filter((c) => c.key === `PUT ${BASE}/metadata`)).toHaveLength(1);
  });

  it('offers the document types and confidentiality levels of docs/product.md §5', async () => {
    fakeApi(standard());
    open();
    const card = await screen.findByTestId('document-details');
    await within(card).findByText('Agreement');
    fireEvent.click(within(card).getByRole('button', { name: /Edit/ }));
    const options = (label: string) =>
      Array.from((within(card).getByLabelText(label) as HTMLSelectElement).options)
        .map((o) => o.value)
        .filter(Boolean);
    expect(options('Document type')).toEqual(['Contract', 'Report', 'Statement', 'Org Chart', 'NDA', 'Agreement', 'Other']);
    expect(options('Confidentiality')).toEqual(['public', 'internal', 'confidential', 'privileged']);
  });
});

describe('new version upload', () => {
  it('jumps to 80% after storage and 100% after completion', async () => {
    const calls = fakeApi({
      [`POST ${BASE}/versions/upload-url`]: {
        upload_url: '/storage/v1/upload/tok',
        upload_fields: {},
        resumable: {
          endpoint: '/storage/v1/upload/resumable',
          headers: { 'x-signature': 'abc' },
          with_access_token: false,
          metadata: { contentType: 'application/msword' },
          chunk_size: 1024,
          expires_at: '2026-11-27T00:00:00Z',
        },
        storage_path: 'deals/d1/files/x/v3',
        next_version_number: 3,
      },
      [`POST ${BASE}/versions/upload-complete`]: detail({ current_version: 3 }),
    });
    const progress: number[] = [];
    const picked = new File([new Uint8Array(10)], 'SPA v3.docx', { type: 'application/msword' });
    await uploadNewVersion('d1', FILE_ID, picked, (p) => progress.push(p));
    expect(progress).toEqual([0, 40, 80, 100]);
    expect(fakeTus.uploads[0].file).toBe(picked);
    expect(fakeTus.uploads[0].options.headers).toEqual({ 'x-signature': 'abc' });
    expect(calls.find((c) => c.key === `POST ${BASE}/versions/upload-url`)?.body).toEqual({
      filename: 'SPA v3.docx',
      content_type: 'application/msword',
    });
    expect(calls.find((c) => c.key === `POST ${BASE}/versions/upload-complete`)?.body).toEqual({
      storage_path: 'deals/d1/files/x/v3',
      file_size: 10,
    });
  });
});
