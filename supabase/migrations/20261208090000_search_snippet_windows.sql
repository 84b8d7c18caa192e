-- Search: the deal's texts found through one index, and snippets without repeated walks of the text
-- (issue 35; docs/decisions.md decision 60).
--
-- One GIN index over (deal_id, search_vector) (btree_gin, which Supabase offers as well): the deal's
-- texts and the query's matches are intersected in the index. With the text index and the deal's index
-- apart, the planner took the deal's index for a deal of a few thousand texts (it does not count reading
-- each text's 20 KB tsvector out of TOAST to test it) and tested every text: 19.6 ms for the hits of a
-- deal of 2,000, 1.2 ms now.
create extension if not exists btree_gin with schema extensions;
create index file_texts_deal_search_idx on public.file_texts using gin (deal_id, search_vector);
drop index public.file_texts_search_idx;

-- The snippet's window: its lateral steps are kept from being pulled up into the query that uses them
-- (`offset 0`). Pulled up, each use of a step's column became its whole expression again, so every
-- snippet walked its 20 KB text five times (in UTF-8 a character offset is a walk from the start) and
-- parsed its window twice: one page of 21 hits over 100,000 texts went from 62 to 26 ms. Marks and line
-- breaks become spaces with replace(), which cost a tenth of translate(). Same hits, snippets and pages.

-- Marks (chr 1 and 2, which the snippet's selection uses) and line breaks and tabs as spaces, one
-- character for one.
create or replace function private.search_plain(p_text text) returns text
language sql immutable parallel safe set search_path = '' as $$
  select replace(replace(replace(replace(replace(p_text, chr(1), ' '), chr(2), ' '), chr(10), ' '), chr(13), ' '),
                 chr(9), ' ')
$$;

create or replace function public.search_documents(
  p_deal_id uuid, p_query text, p_folder_id uuid default null, p_extensions text[] default null,
  p_tag text default null, p_item_id uuid default null, p_approval text default null,
  p_from timestamptz default null, p_to timestamptz default null, p_after_rank real default null,
  p_after_id uuid default null, p_limit integer default 20
) returns table (file_id uuid, filename text, folder_path text, mime_type text, page integer, snippet text,
                 rank real, uploaded_at timestamptz)
language sql stable set search_path = '' as $$
  with q as (
    select private.search_tsquery(d.search_language, p_query) as tsq,
           case d.search_language when 'german' then 'pg_catalog.german'::regconfig
                                  else 'pg_catalog.english'::regconfig end as cfg
      from public.deals d where d.id = p_deal_id
  ), stems as (
    -- The searched words (not the excluded ones) as stored, and a query matching any one of them.
    select array_agg(replace(m[2], '''''', '''')) as words,
           string_agg('''' || m[2] || '''' || coalesce(m[3], ''), ' | ')::tsquery as any_word
      from q, regexp_matches(q.tsq::text, '(!?)''((?:[^'']|'''')+)''(:\*)?', 'g') m
     where m[1] = ''
  ), hits as (
    select h.file_id, h.rank, q.tsq, q.cfg
      from q, private.search_hits(p_deal_id, q.tsq, p_folder_id, p_extensions, p_tag, p_item_id, p_approval,
                                  p_from, p_to, p_after_rank, p_after_id, p_limit) h
     where numnode(q.tsq) > 0
  ), texts as materialized (
    -- Each text read and decompressed once: `|| ''` makes it a value of its own, not a pointer to the
    -- stored one, which every later use would decompress again.
    select h.file_id, h.rank, h.tsq, h.cfg, f.name, fo.full_path, f.content_type, f.created_at, t.page_starts,
           t.content || '' as content
      from hits h
      join public.files f on f.id = h.file_id
      join public.file_texts t on t.file_id = h.file_id
      left join public.folders fo on fo.id = f.folder_id
  ), located as materialized (
    -- Stems are lower case: the text as written first, lowered (slow on long texts) only if needed.
    select t.*, case when first.at is not null then greatest(first.at - 600, 1) end as near
      from texts t
      cross join lateral (select min(coalesce(nullif(strpos(t.content, w), 0), nullif(strpos(lower(t.content), w), 0)))
                                 as at
                            from stems, unnest(stems.words) w) first
  ), windows as (
    -- From a word's start to a word's end (unless the window reaches the text's edge), the marks taken
    -- out and line breaks and tabs made spaces: one character for one, so offsets into the text hold (the
    -- API squeezes white space anyway). The text is walked once, to `near`: in UTF-8 each character
    -- offset is a walk from the start (length() of 20 KB cost 80 µs), and translate() cost ten times
    -- replace() (docs/decisions.md decision 60).
    select t.*, coalesce(t.near + k.skip, 1) as start,
           case when t.near is null then private.search_plain(t.content)
                when length(r.raw) - k.skip <= 1800 then w.piece
                else left(w.piece, length(w.piece) - greatest(strpos(reverse(w.piece), ' ') - 1, 0)) end as text
      from located t
      cross join lateral (select substring(t.content from t.near for 1900) as raw offset 0) r
      cross join lateral (select case when t.near is null or t.near = 1 then 0
                                      else strpos(private.search_plain(left(r.raw, 100)), ' ') end as skip offset 0) k
      cross join lateral (select private.search_plain(substring(r.raw from k.skip + 1 for 1800)) as piece offset 0) w
  ), shown as materialized (
    select w.file_id, w.name, w.full_path, w.content_type, w.rank, w.created_at, w.page_starts, w.start, w.text,
           ts_headline(w.cfg, w.text, case when w.near is null then w.tsq else stems.any_word end,
                       'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MinWords=12, MaxWords=30') as snippet
      from windows w, stems
  )
  select s.file_id, s.name, coalesce(s.full_path, '/'), s.content_type,
         case when s.page_starts is null or at.pos = 0 then null
              else (select greatest(count(*), 1)::int from unnest(s.page_starts) p
                     where p < s.start - 1 + at.pos + greatest(strpos(s.snippet, chr(1)) - 1, 0)) end,
         s.snippet, s.rank, s.created_at
    from shown s
    cross join lateral (select strpos(s.text, translate(s.snippet, chr(1) || chr(2), '')) as pos) at
   order by s.rank desc, s.file_id
$$;
revoke all on function private.search_plain(text) from public;
grant execute on function private.search_plain(text) to authenticated;
