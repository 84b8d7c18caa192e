import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY, UNFINISHED_UPLOADS_KEY } from '../../../lib/api/client';
import { fakeTus, resumableGrant } from '../../../test/fake-tus';
import { renderPage, stubFetch } from '../../../test/utils';

vi.mock('tus-js-client', () => import('../../../test/fake-tus'));

afterEach(() => {
  fakeTus.reset();
});

/** Every request is granted an upload (a new file id each time) whose resumable grant lasts an hour. */
function grantUploads() {
  let n = 0;
  stubFetch(
    () => ({
      file_id: `f${++n}`,
      storage_path: 'p',
      resumable: resumableGrant({ expires_at: new Date(Date.now() + 3_600_000).toISOString() }),
    }),
    { signedIn: false },
  );
}

/** Two uploads into deal d1 and one into d2 begun by an earlier page, cut off by the connection. */
async function interruptedByAnEarlierPage() {
  localStorage.setItem(TOKEN_KEY, 'ok');
  grantUploads();
  const { uploadFile } = await import('../../../lib/file-upload');
  const { uploadNewVersion } = await import('../../../lib/new-version-upload');
  fakeTus.outcome = { status: 0 };
  const options = { onProgress: () => {} };
  await uploadFile('d1', new File(['x'.repeat(2048)], 'Model.xlsx'), { path: '/Finance' }, options).catch(() => {});
  await uploadNewVersion('d1', 'file-9', new File(['y'], 'SPA v2.pdf'), () => {}).catch(() => {});
  await uploadFile('d2', new File(['z'], 'Other.pdf'), { path: '/' }, options).catch(() => {});
  // The page goes away; what it saved in the browser stays.
  vi.resetModules();
}

describe('InterruptedUploadsNotice', () => {
  it("lists the deal's uploads a reload interrupted, where each was going; Dismiss lets them go", async () => {
    await interruptedByAnEarlierPage();
    const { InterruptedUploadsNotice } = await import('./interrupted-uploads-notice');
    renderPage(<InterruptedUploadsNotice dealId="d1" refreshKey="idle" />);

    const notice = await screen.findByTestId('interrupted-uploads');
    expect(notice).toHaveTextContent('2 uploads did not finish');
    // Half of it reached storage (one chunk), so resuming sends only the rest.
    expect(notice).toHaveTextContent('Model.xlsx (2.0 KB) to /Finance · 1.0 KB stored');
    expect(notice).toHaveTextContent('SPA v2.pdf (1 B) as a new version of its file');
    expect(notice).not.toHaveTextContent('Other.pdf');
    expect(screen.getByRole('link', { name: '/Finance' })).toHaveAttribute('href', '/deals/d1/files/Finance');
    expect(screen.getByRole('link', { name: 'its file' })).toHaveAttribute('href', '/deals/d1/files/file-9');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('interrupted-uploads')).toBeNull());
    // The other deal's upload is still there to resume.
    expect(localStorage.getItem(UNFINISHED_UPLOADS_KEY)).toContain('Other.pdf');
  });

  it('shows nothing for uploads this page began (their own progress shows them)', async () => {
    localStorage.setItem(TOKEN_KEY, 'ok');
    grantUploads();
    vi.resetModules();
    const { uploadFile } = await import('../../../lib/file-upload');
    const { InterruptedUploadsNotice } = await import('./interrupted-uploads-notice');
    fakeTus.outcome = { status: 0 };
    await uploadFile('d1', new File(['x'], 'Model.xlsx'), { path: '/' }, { onProgress: () => {} }).catch(() => {});
    expect(localStorage.getItem(UNFINISHED_UPLOADS_KEY)).toContain('Model.xlsx');
    renderPage(<InterruptedUploadsNotice dealId="d1" refreshKey="failed" />);
    expect(screen.queryByTestId('interrupted-uploads')).toBeNull();
  });
});
