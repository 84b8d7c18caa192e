-- Reads that must not grow with the number of files in a deal (docs/architecture.md "Performance").
--
-- The root level in name order, read a page at a time.
-- files_listing_idx (deal_id, folder_id, lower(name)) serves a folder's pages, but not the root's: the
-- planner does not treat `folder_id is null` as fixing the column, so it cannot use that index's order
-- and sorted every root file to return the first 200. This partial index holds the root's order.
create index files_root_listing_idx on public.files (deal_id, lower(name))
  where folder_id is null and archived_at is null and upload_state = 'ready';

-- The checklist reads the files linked to its items; in a data room most files are linked to none, and
-- without this index every checklist view read every file of the deal.
create index files_linked_idx on public.files (deal_id)
  where cardinality(checklist_items) > 0 and archived_at is null and upload_state = 'ready';
