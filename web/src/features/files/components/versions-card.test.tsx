import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/utils';
import { VersionsCard, versionNames } from './versions-card';

describe('VersionsCard', () => {
  it('shows what each version names, and nothing for one that names nobody', () => {
    renderPage(
      <VersionsCard
        currentVersion={2}
        canDownload={false}
        downloading={null}
        onDownload={() => {}}
        versions={[
          {
            version_number: 1,
            uploaded_at: '2026-11-01T10:00:00Z',
            file_size: 3000,
            people_mentioned: ['Jane Doe'],
            named_organizations: ['Acme Ltd'],
            languages_used: [],
          },
          {
            version_number: 2,
            uploaded_at: '2026-11-02T10:00:00Z',
            file_size: 4000,
            people_mentioned: [],
            named_organizations: [],
            languages_used: [],
          },
        ]}
      />,
    );
    const rows = screen.getAllByTestId('version-row');
    expect(rows[0]).toHaveTextContent('Version 2');
    expect(rows[0].querySelector('[data-testid="version-names"]')).toBeNull();
    expect(rows[1]).toHaveTextContent('People: Jane Doe · Organizations: Acme Ltd');
    expect(rows[1]).toHaveTextContent('2.9 KB');
  });

  it('lists only the kinds of names a version has', () => {
    expect(versionNames({ version_number: 1, uploaded_at: '', languages_used: ['English', 'German'] })).toBe(
      'Languages: English, German',
    );
    expect(versionNames({ version_number: 1, uploaded_at: '' })).toBeNull();
  });
});
