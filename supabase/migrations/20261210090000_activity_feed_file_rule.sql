-- The activity feed's rule for an entry about a file, read as a probe of the files table under its own
-- row-level security instead of a call of private.can_see_file per entry (docs/decisions.md decision 64).
-- The files policy is the same rule (pgTAP 10 holds them equal for every kind of member) with the
-- caller's standing worked out once per statement; can_see_file worked it out again for every entry
-- (is the caller an admin, a member, what may they do), about 40 us each, 100 times a page.
-- OFFSET 0 keeps the probe one index lookup per entry: without it the planner may turn EXISTS into a
-- hashed scan of every file the caller can see, which grows with the deal instead of the page.
alter policy activities_select on public.activities using (
  (deal_id in (select private.my_deal_ids()))
  and ((deal_id in (select private.people_deal_ids())) or (user_id = (select auth.uid())))
  and (((metadata ->> 'file_id') is null)
       or exists (select 1 from public.files f where f.id = ((activities.metadata ->> 'file_id'))::uuid offset 0)
       or ((not private.file_exists(((metadata ->> 'file_id'))::uuid)) and private.has_capability(deal_id, 'edit_files')))
  and (((metadata ->> 'question_id') is null) or private.can_see_question(deal_id, ((metadata ->> 'question_id'))::uuid))
);
