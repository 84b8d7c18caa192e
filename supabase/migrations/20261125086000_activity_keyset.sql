-- The activity feed is read newest first by (created_at, id) pages: one index serves every page,
-- the first as fast as one deep in a feed of 100,000 entries.
create index activities_deal_keyset_idx on public.activities (deal_id, created_at desc, id desc);
drop index if exists public.activities_deal_created_idx;
