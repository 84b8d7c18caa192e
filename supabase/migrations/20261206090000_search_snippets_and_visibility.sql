-- Search at 100,000 documents (issue 35; docs/decisions.md decision 57): what a hit's caller may see is
-- worked out once for the deal and applied inline, and the snippet is made from a window of the text,
-- not the whole of it. Same results, same ranking, same keyset; the snippet may differ in which passage
-- it shows (one where a searched word appears) and marks every searched word in it.

-- The matching files of a deal the caller may see, ranked. No sequential scans: the planner does not
-- count reading each text's 20 KB tsvector out of TOAST, so on a deal of a few thousand texts it chose
-- to test every one (300 ms) over the text index (a few ms). `rows 20` (a page; Postgres assumes 1,000
-- rows of a function) keeps search_documents from reading every text of the deal under row-level security
-- to hash them, instead of looking up the page's hits (150 ms at 2,000 texts).
-- What the caller may see is what
-- private.can_see_file decides, worked out once for the deal (admin, member, `view`, groups and tags)
-- and applied to each match inline, as the files policy does, instead of a function call per match.
create or replace function private.search_hits(
  p_deal_id uuid, p_query tsquery, p_folder_id uuid, p_extensions text[], p_tag text, p_item_id uuid,
  p_approval text, p_from timestamptz, p_to timestamptz, p_after_rank real, p_after_id uuid, p_limit integer
) returns table (file_id uuid, rank real)
language sql stable security definer rows 20 set search_path = '' set enable_seqscan = off as $$
  with recursive caller as materialized (
    select auth.uid() as uid, private.is_deal_admin(p_deal_id) as admin, private.is_deal_member(p_deal_id) as member,
           private.has_capability(p_deal_id, 'view') as viewer, private.my_group_ids(p_deal_id) as group_ids,
           private.my_tag_ids(p_deal_id) as tag_ids
  ), below (id) as (
    select fo.id from public.folders fo where fo.id = p_folder_id and fo.deal_id = p_deal_id
    union all
    select c.id from public.folders c join below b on c.parent_id = b.id
  )
  select h.file_id, h.rank from (
    select t.file_id, ts_rank_cd(t.search_vector, p_query) as rank
      from caller me
      cross join public.file_texts t
      join public.files f on f.id = t.file_id and f.deal_id = p_deal_id
      left join public.folders fo on fo.id = f.folder_id
     where t.deal_id = p_deal_id and t.search_vector @@ p_query
       and t.version_number = f.current_version and f.upload_state = 'ready' and f.archived_at is null
       and fo.archived_at is null
       and (p_folder_id is null or f.folder_id in (select id from below))
       and (p_extensions is null
            or lower(coalesce(nullif(f.file_type, ''), substring(f.name from '\.([^.]+)$'), '')) = any (p_extensions))
       and (p_tag is null or lower(p_tag) = any (array(select lower(x) from unnest(f.tags) x)))
       and (p_item_id is null or p_item_id = any (f.checklist_items))
       and (p_approval is null or f.approval_status = p_approval)
       and (p_from is null or f.created_at >= p_from)
       and (p_to is null or f.created_at < p_to)
       and (me.admin
            or (f.uploaded_by = me.uid and me.member)
            or (me.viewer and (f.permission_type = 'all'
                               or private.custom_permission_allows_for(f.id, me.uid, me.group_ids, me.tag_ids))))
  ) h
  where p_after_id is null or h.rank < p_after_rank or (h.rank = p_after_rank and h.file_id > p_after_id)
  order by h.rank desc, h.file_id
  limit least(greatest(coalesce(p_limit, 20), 1), 100)
$$;

-- One page of hits, as the caller. The snippet is ts_headline's over a window of about 1,800 characters
-- around the first place a searched word's stem appears in the text (whole words at each edge), marking
-- any searched word, not over the whole text: parsing up to 100,000 characters for each hit cost more
-- than finding the hits. A text where no stem appears as written (a stem that is not a prefix of its
-- word) is headlined whole with the query, as before.
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
    -- API squeezes white space anyway).
    select t.*, w.start,
           case when t.near is null then translate(t.content, chr(1) || chr(2) || chr(10) || chr(13) || chr(9), '     ')
                when w.start + 1800 > length(t.content) then w.piece
                else left(w.piece, length(w.piece) - greatest(strpos(reverse(w.piece), ' ') - 1, 0)) end as text
      from located t
      cross join lateral (
        select b.start,
               translate(substring(t.content from b.start for 1800), chr(1) || chr(2) || chr(10) || chr(13) || chr(9),
                         '     ') as piece
          from (select case when t.near is null or t.near = 1 then 1
                            else t.near + strpos(translate(substring(t.content from t.near for 100),
                                                           chr(10) || chr(13) || chr(9), '   '), ' ')
                       end as start) b
      ) w
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
