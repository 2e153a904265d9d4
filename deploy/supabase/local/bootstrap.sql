-- docket-dev-backend bootstrap: what a Supabase project has before any migration runs.
--
-- Applied by docket-dev-backend at start (connected with the admin URL, as a superuser), before the
-- files in deploy/supabase/migrations. Idempotent: every statement may run again on a database that
-- already has it. NOT for a hosted project, which has all of this already.
-- The roles are cluster-wide and come from roles.sql beside this file, applied just before.
-- Sources: supabase/postgres init-scripts (roles, grants), supabase/auth migrations (auth.uid() & co).

-- pgcrypto (bcrypt password hashes, as GoTrue stores them) lives in schema extensions, as on Supabase.
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role, supabase_auth_admin;
create extension if not exists pgcrypto with schema extensions;

-- ---------------------------------------------------------------------------------------------
-- Schema auth: users, sessions and refresh tokens as GoTrue keeps them (reduced to what the
-- backend's /auth/v1 uses), and the helper functions RLS policies call.

create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
    id                 uuid primary key default gen_random_uuid(),
    aud                text not null default 'authenticated',
    role               text not null default 'authenticated',
    email              text unique,
    encrypted_password text,
    email_confirmed_at timestamptz,
    phone              text unique,
    last_sign_in_at    timestamptz,
    raw_app_meta_data  jsonb not null default '{"provider": "email", "providers": ["email"]}',
    raw_user_meta_data jsonb not null default '{}',
    is_anonymous       boolean not null default false,
    banned_until       timestamptz,
    created_at         timestamptz not null default now(),
    updated_at         timestamptz not null default now()
);

create table if not exists auth.sessions (
    id         uuid primary key,
    user_id    uuid not null references auth.users (id) on delete cascade,
    aal        text not null default 'aal1',
    not_after  timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
    id             bigserial primary key,
    token          text not null unique,
    user_id        uuid not null references auth.users (id) on delete cascade,
    session_id     uuid not null references auth.sessions (id) on delete cascade,
    parent         text,
    revoked        boolean not null default false,
    -- set when the whole family was revoked after a reuse: such a token never gets the reuse window
    family_revoked boolean not null default false,
    created_at     timestamptz not null default now(),
    updated_at     timestamptz not null default now()
);
create index if not exists refresh_tokens_session_id_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

create or replace function auth.uid() returns uuid language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;
comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';

create or replace function auth.role() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;
comment on function auth.role() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';

create or replace function auth.email() returns text language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;
comment on function auth.email() is 'Deprecated. Use auth.jwt() -> ''email'' instead.';

create or replace function auth.jwt() returns jsonb language sql stable as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

-- The backend's /auth/v1 connects as supabase_auth_admin, like GoTrue does.
grant usage on schema auth to supabase_auth_admin;
grant all on all tables in schema auth to supabase_auth_admin;
grant all on all sequences in schema auth to supabase_auth_admin;

-- ---------------------------------------------------------------------------------------------
-- Schema public: the API roles get what supabase/postgres gives them by default; migrations then
-- revoke and grant per table.

grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------
-- Bookkeeping of the migrations the backend applied to this database.

create schema if not exists docket_dev;
create table if not exists docket_dev.schema_migrations (
    name       text primary key,
    checksum   text not null,
    applied_at timestamptz not null default now()
);
