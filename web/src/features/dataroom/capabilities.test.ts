import { describe, expect, it } from 'vitest';
import { browserActions, fileRowActions } from './capabilities';

describe('buttons per capabilities', () => {
  it('derives the toolbar from the capabilities: upload in the data room is for admins, contributors and upload_only', () => {
    // upload_view (and approve_only) upload through the checklist, not here (docs/product.md §6).
    expect(browserActions(['view', 'download', 'comment', 'upload'])).toEqual({
      upload: false,
      importFolder: false,
      createFolder: false,
      editFolders: false,
      seesOnlyOwnFiles: false,
    });
    // upload_only: Upload Files and the drop zone, no other write (decision 35).
    expect(browserActions(['upload'])).toEqual({
      upload: true,
      importFolder: false,
      createFolder: false,
      editFolders: false,
      seesOnlyOwnFiles: true,
    });
    expect(browserActions(['view', 'upload', 'edit_files'])).toMatchObject({ upload: true, createFolder: false });
    expect(browserActions(['view', 'upload', 'edit_files', 'edit_folders'])).toEqual({
      upload: true,
      importFolder: true,
      createFolder: true,
      editFolders: true,
      seesOnlyOwnFiles: false,
    });
    expect(browserActions(['view'])).toEqual({
      upload: false,
      importFolder: false,
      createFolder: false,
      editFolders: false,
      seesOnlyOwnFiles: false,
    });
    expect(browserActions([])).toMatchObject({ upload: false, seesOnlyOwnFiles: false });
  });

  it("shows a file row's buttons by the rights the API computed for that row", () => {
    const ai = { ai_status: 'completed', can_request_ai: true } as const;
    const none = { reviewAi: false, retryAi: false };
    expect(fileRowActions({ can_edit: false, can_download: false, ...ai })).toEqual({
      download: false,
      edit: false,
      archive: false,
      delete: false,
      ...none,
    });
    expect(fileRowActions({ can_edit: true, can_download: false, ...ai })).toEqual({
      download: false,
      edit: true,
      archive: true,
      delete: true,
      ...none,
    });
    expect(fileRowActions({ can_edit: false, can_download: true, ...ai })).toEqual({
      download: true,
      edit: false,
      archive: false,
      delete: false,
      ...none,
    });
  });

  it('offers the AI review while a suggestion waits, and a retry of a failed analysis to whoever may ask for one', () => {
    const rights = { can_edit: false, can_download: true };
    expect(fileRowActions({ ...rights, ai_status: 'review', can_request_ai: false })).toMatchObject({
      reviewAi: true,
      retryAi: false,
    });
    for (const ai_status of ['try_again', 'failed'] as const) {
      expect(fileRowActions({ ...rights, ai_status, can_request_ai: true })).toMatchObject({ reviewAi: false, retryAi: true });
      expect(fileRowActions({ ...rights, ai_status, can_request_ai: false })).toMatchObject({ retryAi: false });
    }
    for (const ai_status of ['not_started', 'queued', 'processing', 'approved', 'completed'] as const) {
      expect(fileRowActions({ ...rights, ai_status, can_request_ai: true })).toMatchObject({ reviewAi: false, retryAi: false });
    }
  });
});
