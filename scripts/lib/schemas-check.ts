import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres, { type Sql, type TransactionSql } from 'postgres';
import { bootstrapDatabase } from '../../server/postgres.ts';

/**
 * The `schemas` suite: supabase/schemas/*.sql (the current definition of every object, readable where it
 * stands) must build the same database as the migrations (the applied history). Both are compared
 * catalogue against catalogue, on top of the same bootstrap (docs/decisions.md decision 42).
 */

const root = join(import.meta.dirname, '..', '..');
export const schemasDir = join(root, 'supabase', 'schemas');
// Made by the migration runner (_ledger) and by the pgTAP suite (tests), not by the migrations.
const SKIPPED = `('_ledger', 'tests', 'pg_catalog', 'information_schema', 'pg_toast')`;

type Catalogue = Map<string, string>;

/** One line per object: a key naming it and what defines it, from the system catalogues. */
export async function readCatalogue(sql: Sql | TransactionSql): Promise<Catalogue> {
  // Names printed schema-qualified, whatever the connection's search path.
  await sql`select set_config('search_path', 'pg_catalog', false)`;
  const rows = await sql.unsafe<{ key: string; value: string }[]>(`
    select 'schema ' || n.nspname as key, coalesce(array_to_string(array(select unnest(coalesce(n.nspacl, acldefault('n', n.nspowner)))::text order by 1), ' '), '') as value
      from pg_namespace n where n.nspname not in ${SKIPPED} and n.nspname not like 'pg\\_%'
    union all
    select 'extension ' || e.extname, e.extnamespace::regnamespace::text from pg_extension e
    union all
    select 'relation ' || c.oid::regclass::text,
           format('kind %s, row level security %s%s, grants %s', c.relkind, c.relrowsecurity,
                  case when c.relforcerowsecurity then ' forced' else '' end,
                  coalesce(array_to_string(array(select unnest(coalesce(c.relacl, acldefault(case c.relkind when 'S' then 's' else 'r' end::"char", c.relowner)))::text order by 1), ' '), 'default'))
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ${SKIPPED} and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
    union all
    select 'column ' || a.attrelid::regclass::text || '.' || a.attname,
           format('%s%s%s%s%s, grants %s', format_type(a.atttypid, a.atttypmod),
                  case when a.attnotnull then ' not null' else '' end,
                  case when d.adbin is not null then
                    case when a.attgenerated = 's' then ' generated ' else ' default ' end || pg_get_expr(d.adbin, d.adrelid) else '' end,
                  case when a.attidentity <> '' then ' identity ' || a.attidentity::text else '' end,
                  case when a.attcollation <> 0 and a.attcollation <> t.typcollation then ' collate ' || a.attcollation::regcollation::text else '' end,
                  coalesce(array_to_string(array(select unnest(a.attacl)::text order by 1), ' '), 'none'))
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_type t on t.oid = a.atttypid left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
     where n.nspname not in ${SKIPPED} and c.relkind in ('r', 'p', 'v', 'm', 'f') and a.attnum > 0 and not a.attisdropped
    union all
    select 'constraint ' || co.conrelid::regclass::text || '.' || co.conname,
           pg_get_constraintdef(co.oid) || case when co.condeferrable then ' deferrable' else '' end
      from pg_constraint co join pg_namespace n on n.oid = co.connamespace
     where n.nspname not in ${SKIPPED} and co.conrelid <> 0
    union all
    select 'index ' || i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid)
      from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ${SKIPPED}
    union all
    select 'policy ' || p.polrelid::regclass::text || '.' || p.polname,
           format('%s %s to %s using (%s) check (%s)', case when p.polpermissive then 'permissive' else 'restrictive' end,
                  p.polcmd, array_to_string(array(select case r when 0 then 'public' else r::regrole::text end
                                                  from unnest(p.polroles) r order by 1), ', '),
                  pg_get_expr(p.polqual, p.polrelid), pg_get_expr(p.polwithcheck, p.polrelid))
      from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ${SKIPPED}
    union all
    -- pg_get_functiondef holds the body, volatility, security definer and config (search_path).
    select 'function ' || p.oid::regprocedure::text,
           pg_get_functiondef(p.oid) || E'\\ngrants ' ||
             coalesce(array_to_string(array(select unnest(coalesce(p.proacl, acldefault('f', p.proowner)))::text order by 1), ' '), 'default')
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
     where n.nspname not in ${SKIPPED} and p.prokind in ('f', 'p', 'w')
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    union all
    select 'trigger ' || t.tgrelid::regclass::text || '.' || t.tgname, pg_get_triggerdef(t.oid) || ' enabled ' || t.tgenabled::text
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ${SKIPPED} and not t.tgisinternal
    union all
    select 'view ' || c.oid::regclass::text, pg_get_viewdef(c.oid)
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ${SKIPPED} and c.relkind in ('v', 'm')
    union all
    select 'type ' || t.oid::regtype::text,
           t.typtype::text || ' ' || coalesce((select string_agg(e.enumlabel, ', ' order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '')
             || coalesce(' ' || pg_get_constraintdef((select oid from pg_constraint where contypid = t.oid limit 1)), '')
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname not in ${SKIPPED} and t.typtype in ('e', 'd')
    union all
    select 'comment on schema ' || n.nspname, d.description
      from pg_description d join pg_namespace n on d.classoid = 'pg_namespace'::regclass and n.oid = d.objoid
     where n.nspname not in ${SKIPPED}
    union all
    select 'comment on ' || coalesce(c.oid::regclass::text || '.' || d.objsubid, p.oid::regprocedure::text), d.description
      from pg_description d
      left join pg_class c on d.classoid = 'pg_class'::regclass and c.oid = d.objoid
      left join pg_proc p on d.classoid = 'pg_proc'::regclass and p.oid = d.objoid
      join pg_namespace n on n.oid = coalesce(c.relnamespace, p.pronamespace)
     where n.nspname not in ${SKIPPED}
  `);
  return new Map(rows.map((r) => [r.key, r.value]));
}

/** Every difference, one readable entry each: what only one side has, and the first line that differs. */
export function compareCatalogues(migrations: Catalogue, schemas: Catalogue): string[] {
  const differences: string[] = [];
  for (const key of [...new Set([...migrations.keys(), ...schemas.keys()])].sort()) {
    const a = migrations.get(key);
    const b = schemas.get(key);
    if (a === b) continue;
    if (b === undefined) differences.push(`${key}: made by the migrations, missing from supabase/schemas`);
    else if (a === undefined) differences.push(`${key}: in supabase/schemas, not made by the migrations`);
    else {
      const la = a.split('\n');
      const lb = b.split('\n');
      const i = la.findIndex((line, n) => line !== lb[n]);
      const at = i === -1 ? la.length : i;
      differences.push(
        `${key}: differs at line ${at + 1}\n    migrations: ${la[at] ?? '(end)'}\n    schemas:    ${lb[at] ?? '(end)'}`,
      );
    }
  }
  return differences;
}

/** Changes planted in the schemas' database (rolled back) that the comparison must report, each by its key. */
const PLANTED: { change: string; key: string }[] = [
  { change: 'alter function private.co_member_ids() set search_path = public', key: 'function private.co_member_ids()' },
  { change: 'alter table public.deals alter column description drop default', key: 'column public.deals.description' },
  { change: 'revoke select on public.deals from authenticated', key: 'relation public.deals' },
  { change: 'drop index public.activities_deal_keyset_idx', key: 'index public.activities_deal_keyset_idx' },
  {
    // A body changed by one comment: the function is written again from its own definition.
    change: `do $$ begin execute regexp_replace(pg_get_functiondef('private.my_all_tag_ids()'::regprocedure),
               '[$]function[$]', E'$function$ -- planted\\n'); end $$`,
    key: 'function private.my_all_tag_ids()',
  },
  { change: 'alter table public.deals disable row level security', key: 'relation public.deals' },
];

/** Applies supabase/schemas/*.sql in name order, each file in its own transaction. */
export async function applySchemas(sql: Sql, dir = schemasDir): Promise<void> {
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const text = readFileSync(join(dir, file), 'utf8');
    try {
      await sql.begin((tx) => tx.unsafe(text));
    } catch (err) {
      throw new Error(`supabase/schemas/${file}: ${(err as Error).message}`, { cause: err });
    }
  }
}

/** The suite: a fresh database from the schemas beside `migratedUrl`'s, compared; then the planted changes. */
export async function runSchemasCheck(db: { url: string; adminUrl: string }) {
  const started = Date.now();
  const name = `schemas_${process.pid}`;
  const admin = postgres(db.adminUrl, { max: 1, onnotice: () => {} });
  const url = (base: string) => base.replace(/\/[^/?]+(\?|$)/, `/${name}$1`);
  let passed = 0;
  let failed = 0;
  try {
    await admin.unsafe(`drop database if exists ${name}`);
    await admin.unsafe(`create database ${name}`);
    await bootstrapDatabase(url(db.adminUrl));
    const migrated = postgres(db.url, { max: 1, onnotice: () => {} });
    const fromSchemas = postgres(url(db.url), { max: 1, onnotice: () => {} });
    try {
      await applySchemas(fromSchemas);
      const expected = await readCatalogue(migrated);
      const differences = compareCatalogues(expected, await readCatalogue(fromSchemas));
      for (const d of differences) console.log(`  ${d}`);
      const ok = differences.length === 0 && expected.size > 0;
      console.log(
        `${ok ? 'ok' : 'not ok'} - supabase/schemas builds what the migrations build (${expected.size} objects, ${differences.length} differences)`,
      );
      if (ok) passed++;
      else failed++;

      const planted = await plantedDifferences(fromSchemas, await readCatalogue(fromSchemas));
      console.log(`${planted.missed.length === 0 ? 'ok' : 'not ok'} - the comparison reports every planted change`);
      for (const m of planted.missed) console.log(`  missed: ${m}`);
      if (planted.missed.length === 0) passed++;
      else failed++;
    } finally {
      await migrated.end();
      await fromSchemas.end();
    }
  } catch (err) {
    console.log(`not ok - ${(err as Error).message}`);
    failed++;
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
    await admin.end();
  }
  console.log(`Schemas check: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { name: 'Schemas', passed, failed };
}

/** Each planted change, made in a transaction that is rolled back, must show up under its key. */
async function plantedDifferences(sql: Sql, baseline: Catalogue): Promise<{ missed: string[] }> {
  const missed: string[] = [];
  for (const { change, key } of PLANTED) {
    const rollback = new Error('rollback');
    let reported = false;
    try {
      await sql.begin(async (tx) => {
        await tx.unsafe(change);
        const differences = compareCatalogues(baseline, await readCatalogue(tx));
        reported = differences.length === 1 && differences[0].startsWith(`${key}:`);
        throw rollback;
      });
    } catch (err) {
      if (err !== rollback) throw err;
    }
    if (!reported) missed.push(`${change} (expected one difference: ${key})`);
  }
  return { missed };
}
