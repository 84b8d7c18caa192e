import { describe, expect, it } from 'vitest';
import { browserActions, fileRowActions } from './capabilities';

describe('buttons per capabilities', () => {
  it('derives the toolbar from the capabilities: upload in the data room is for admins and contributors', () => {
    // upload_view (and approve_only, upload_only) upload through the checklist, not here (docs/product.md §6).
    expect(browserActions(['view', 'download', 'comment', 'upload'])).toEqual({
      upload: false,
      importFolder: false,
      createFolder: false,
      editFolders: false,
    });
    expect(browserActions(['upload'])).toMatchObject({ upload: false, createFolder: false });
    expect(browserActions(['view', 'upload', 'edit_files'])).toMatchObject({ upload: true, createFolder: false });
    expect(browserActions(['view', 'upload', 'edit_files', 'edit_folders'])).toEqual({
      upload: true,
      importFolder: true,
      createFolder: true,
      editFolders: true,
    });
    expect(browserActions(['view'])).toEqual({ upload: false, importFolder: false, createFolder: false, editFolders: false });
  });

  it('lets the uploader manage their own file', () => {
    expect(fileRowActions(['view'], { uploaded_by: 'u2' }, 'u1')).toEqual({
      download: false,
      edit: false,
      archive: false,
      delete: false,
    });
    expect(fileRowActions(['view', 'upload'], { uploaded_by: 'u1' }, 'u1')).toEqual({
      download: true,
      edit: true,
      archive: true,
      delete: true,
    });
    // An archived deal leaves view and download: one's own file is read-only, still downloadable.
    expect(fileRowActions(['view', 'download'], { uploaded_by: 'u1' }, 'u1')).toEqual({
      download: true,
      edit: false,
      archive: false,
      delete: false,
    });
    expect(fileRowActions(['view', 'download'], { uploaded_by: 'u2' }, 'u1')).toEqual({
      download: true,
      edit: false,
      archive: false,
      delete: false,
    });
    expect(fileRowActions(['view', 'edit_files'], { uploaded_by: null }, null)).toEqual({
      download: false,
      edit: true,
      archive: true,
      delete: true,
    });
  });
});
