-- Search inside documents (docs/decisions.md decision 47): the text the AI worker extracts from each
-- upload (public.file_texts, current version) is indexed for full-text search in the deal's language,
-- with where each page starts, and searched by public.search_documents as the caller.

-- The language a deal's documents are stemmed in; changing it re-indexes the deal's texts.
alter table public.deals add column search_language text not null default 'english'
  constraint deals_search_language_check check (search_language in ('english', 'german'));
grant update (search_language) on public.deals to authenticated;

-- Each text keeps the language it was indexed in (copied from the deal on write), the offsets (in
-- characters, from 0) where each page of a PDF starts, and its tsvector, generated from both.
alter table public.file_texts
  add column search_language text not null default 'english'
    constraint file_texts_search_language_check check (search_language in ('english', 'german')),
  add column page_starts integer[],
  add column search_vector tsvector generated always as (
    to_tsvector(case search_language when 'german' then 'pg_catalog.german'::regconfig
                                     else 'pg_catalog.english'::regconfig end, content)) stored;
create index file_texts_search_idx on public.file_texts using gin (search_vector);
create index file_texts_deal_idx on public.file_texts (deal_id);

create function private.file_texts_language() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  new.search_language := coalesce((select d.search_language from public.deals d where d.id = new.deal_id), 'english');
  return new;
end $$;
revoke all on function private.file_texts_language() from public;
create trigger file_texts_language before insert or update of deal_id on public.file_texts
  for each row execute function private.file_texts_language();

create function private.deals_search_reindex() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  update public.file_texts set search_language = new.search_language where deal_id = new.id;
  return null;
end $$;
revoke all on function private.deals_search_reindex() from public;
create trigger deals_search_reindex after update of search_language on public.deals
  for each row when (old.search_language is distinct from new.search_language)
  execute function private.deals_search_reindex();

-- The deal scope carries the deal's search language (the Edit Deal dialog shows it).
drop function private.deal_scope(uuid);
create function private.deal_scope(p_deal_id uuid)
returns table (id uuid, name text, description text, owner_id uuid, checklist_preset text, created_at timestamptz,
               updated_at timestamptz, archived_at timestamptz, require_mfa boolean, watermark_downloads boolean,
               user_role text, is_owner boolean, permission_set text, capabilities text[], search_language text)
language plpgsql stable security definer set search_path = '' set plan_cache_mode = 'auto' as $$
#variable_conflict use_column
declare
  v_uid uuid := auth.uid();
begin
  if v_uid is null then
    return;
  end if;
  return query
    select d.id, d.name, d.description, d.owner_id, d.checklist_preset, d.created_at, d.updated_at, d.archived_at,
           d.require_mfa, d.watermark_downloads, private.display_role(d.id, v_uid), (d.owner_id = v_uid),
           case when m.role = 'admin' then 'admin'
                else coalesce((select ps.name from public.permission_sets ps where ps.id = m.permission_set_id),
                              case m.role when 'contributor' then 'edit' else 'upload_view' end) end,
           case when d.archived_at is null then private.member_capabilities(d.id, v_uid)
                else array(select cap from unnest(private.member_capabilities(d.id, v_uid)) cap
                           where cap in ('view', 'download')) end,
           d.search_language
    from public.deals d
    join public.deal_members m on m.deal_id = d.id and m.user_id = v_uid and m.status = 'active'
    where d.id = p_deal_id and private.passes_deal_mfa(d.id);
end $$;
revoke all on function private.deal_scope(uuid) from public;
grant execute on function private.deal_scope(uuid) to authenticated;

-- The worker's result may carry page_starts (PDFs); a result without it stores none.
create or replace function private.finish_ai_job(p_job_id bigint, p_worker text, p_result jsonb) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  v_job public.ai_jobs;
  v_top jsonb;
  v_item record;
  v_candidates jsonb;
  v_pages integer[];
begin
  select * into v_job from public.ai_jobs where id = p_job_id for update;
  if v_job.id is null or v_job.status <> 'running' or v_job.worker is distinct from p_worker then
    return false;
  end if;
  -- Candidates keep only items of the file's deal, with their current names.
  select coalesce(jsonb_agg(jsonb_build_object('item_id', i.id, 'item_name', i.name, 'category', c.name,
                                               'confidence', least(100, greatest(0, (e.value->>'confidence')::int)),
                                               'reasoning', left(coalesce(e.value->>'reasoning', ''), 1000))
                            order by e.ordinality), '[]'::jsonb)
    into v_candidates
    from jsonb_array_elements(coalesce(p_result->'candidates', '[]'::jsonb)) with ordinality e
    join public.checklist_items i on i.id = (e.value->>'item_id')::uuid and i.deal_id = v_job.deal_id
    join public.checklist_categories c on c.id = i.category_id;
  v_top := v_candidates->0;
  if jsonb_typeof(p_result->'page_starts') = 'array' then
    v_pages := array(select greatest(0, e::int) from jsonb_array_elements_text(p_result->'page_starts') e limit 10000);
  end if;

  insert into public.file_texts (file_id, deal_id, version_number, content, truncated, note, extracted_at, page_starts)
  values (v_job.file_id, v_job.deal_id, v_job.version_number, coalesce(p_result->>'text', ''),
          coalesce((p_result->>'text_truncated')::boolean, false), p_result->>'text_note', now(), v_pages)
  on conflict (file_id) do update set deal_id = excluded.deal_id, version_number = excluded.version_number,
    content = excluded.content, truncated = excluded.truncated, note = excluded.note, extracted_at = now(),
    page_starts = excluded.page_starts;

  update public.file_ai_analyses set status = 'superseded' where file_id = v_job.file_id and status = 'review';
  insert into public.file_ai_analyses (file_id, deal_id, job_id, version_number, provider, status, recommended_item_id,
         recommended_item_name, recommended_category, confidence, reasoning, candidates, ai_tags, extraction)
  values (v_job.file_id, v_job.deal_id, v_job.id, v_job.version_number, p_result->>'provider',
          case when v_top is null then 'no_match' else 'review' end,
          (v_top->>'item_id')::uuid, v_top->>'item_name', v_top->>'category', (v_top->>'confidence')::int,
          left(coalesce(nullif(p_result->>'reasoning', ''), v_top->>'reasoning', 'No checklist item matched.'), 4000),
          v_candidates,
          coalesce(array(select jsonb_array_elements_text(coalesce(p_result->'ai_tags', '[]'::jsonb)) limit 10), '{}'),
          coalesce(p_result->>'extraction', 'full'));

  update public.ai_jobs set status = 'done', finished_at = now(), lease_until = null where id = p_job_id;
  update public.files set ai_status = case when v_top is null then 'completed' else 'review' end
   where id = v_job.file_id;
  return true;
end $$;

-- The query: websearch syntax (phrases in quotes, -word, or), and the last word, when it stands alone,
-- also matches as a prefix (what is being typed). Empty when nothing searchable is left (stop words).
create function private.search_tsquery(p_language text, p_query text) returns tsquery
language plpgsql immutable set search_path = '' as $$
declare
  v_cfg regconfig := case p_language when 'german' then 'pg_catalog.german'::regconfig
                                     else 'pg_catalog.english'::regconfig end;
  v_query tsquery := websearch_to_tsquery(v_cfg, coalesce(p_query, ''));
  v_text text := v_query::text;
  v_last text;
  v_lexeme text;
begin
  if length(p_query) - length(replace(p_query, '"', '')) = 0
     or (length(p_query) - length(replace(p_query, '"', ''))) % 2 = 0 then
    v_last := substring(p_query from '(?:^|\s)([^\s"-][^\s"]*)\s*$');
  end if;
  if v_last is not null and lower(v_last) <> 'or' then
    v_lexeme := websearch_to_tsquery(v_cfg, v_last)::text;
    if v_lexeme ~ '^''([^'']|'''')+''$' and right(v_text, length(v_lexeme)) = v_lexeme then
      return (v_text || ':*')::tsquery;
    end if;
  end if;
  return v_query;
end $$;
revoke all on function private.search_tsquery(text, text) from public;
grant execute on function private.search_tsquery(text, text) to authenticated;

-- The matching files of a deal the caller may see, ranked: the text index needs a definer (its match
-- operator is not leakproof, so under row-level security Postgres would read every text of the deal);
-- what the caller may see is decided by private.can_see_file, file by file, and search_documents reads
-- names and texts again under row-level security. Current version only; archived files and files in
-- archived folders left out, as the data room leaves them out.
create function private.search_hits(
  p_deal_id uuid, p_query tsquery, p_folder_id uuid, p_extensions text[], p_tag text, p_item_id uuid,
  p_approval text, p_from timestamptz, p_to timestamptz, p_after_rank real, p_after_id uuid, p_limit integer
) returns table (file_id uuid, rank real)
language sql stable security definer set search_path = '' as $$
  with recursive below (id) as (
    select fo.id from public.folders fo where fo.id = p_folder_id and fo.deal_id = p_deal_id
    union all
    select c.id from public.folders c join below b on c.parent_id = b.id
  )
  select h.file_id, h.rank from (
    select t.file_id, ts_rank_cd(t.search_vector, p_query) as rank
      from public.file_texts t
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
       and private.can_see_file(f.id)
  ) h
  where p_after_id is null or h.rank < p_after_rank or (h.rank = p_after_rank and h.file_id > p_after_id)
  order by h.rank desc, h.file_id
  limit least(greatest(coalesce(p_limit, 20), 1), 100)
$$;
revoke all on function private.search_hits(uuid, tsquery, uuid, text[], text, uuid, text, timestamptz, timestamptz, real, uuid, integer) from public;
grant execute on function private.search_hits(uuid, tsquery, uuid, text[], text, uuid, text, timestamptz, timestamptz, real, uuid, integer) to authenticated;

-- One page of hits, as the caller: names, folders and texts are read under row-level security, the
-- snippet is ts_headline's with \x01 and \x02 around each highlighted word (removed from the text
-- first), and the page is the one of the snippet's first highlighted word, when the text records its pages.
create function public.search_documents(
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
  ), hits as (
    select h.file_id, h.rank, q.tsq, q.cfg
      from q, private.search_hits(p_deal_id, q.tsq, p_folder_id, p_extensions, p_tag, p_item_id, p_approval,
                                  p_from, p_to, p_after_rank, p_after_id, p_limit) h
     where numnode(q.tsq) > 0
  ), shown as (
    select h.file_id, f.name, fo.full_path, f.content_type, h.rank, f.created_at, t.page_starts, x.content,
           ts_headline(h.cfg, x.content, h.tsq,
                       'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MinWords=12, MaxWords=30') as snippet
      from hits h
      join public.files f on f.id = h.file_id
      join public.file_texts t on t.file_id = h.file_id
      left join public.folders fo on fo.id = f.folder_id
      cross join lateral (select translate(t.content, chr(1) || chr(2), '  ') as content) x
  )
  select s.file_id, s.name, coalesce(s.full_path, '/'), s.content_type,
         case when s.page_starts is null or at.pos = 0 then null
              else (select greatest(count(*), 1)::int from unnest(s.page_starts) p
                     where p < at.pos + greatest(strpos(s.snippet, chr(1)) - 1, 0)) end,
         s.snippet, s.rank, s.created_at
    from shown s
    cross join lateral (select strpos(s.content, translate(s.snippet, chr(1) || chr(2), '')) as pos) at
   order by s.rank desc, s.file_id
$$;
revoke all on function public.search_documents(uuid, text, uuid, text[], text, uuid, text, timestamptz, timestamptz, real, uuid, integer) from public;
grant execute on function public.search_documents(uuid, text, uuid, text[], text, uuid, text, timestamptz, timestamptz, real, uuid, integer) to authenticated;
