-- Throttling without lock-out (docs/decisions.md decision 20): attempts at the sign-in, sign-up and
-- sign-in-link endpoints, by client address and by account. A client that keeps failing slows itself
-- down; the owner of the account, signing in from elsewhere, is never locked out. Replaces the
-- per-address lock of private.login_failures, which let anyone lock anyone out.
create table private.auth_attempts (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('login_failure', 'register', 'magic_link', 'verify_failure')),
  client text not null,
  subject text,
  at timestamptz not null default now()
);
create index auth_attempts_client_idx on private.auth_attempts (kind, client, at desc);
create index auth_attempts_subject_idx on private.auth_attempts (kind, subject, at desc) where subject is not null;
create index auth_attempts_at_idx on private.auth_attempts (at);
alter table private.auth_attempts enable row level security;

drop table private.login_failures;
