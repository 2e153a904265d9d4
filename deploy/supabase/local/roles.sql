-- docket-dev-backend bootstrap, part 1: the cluster-wide roles every Supabase project has.
--
-- Applied by docket-dev-backend at start (as a superuser) before bootstrap.sql. Roles belong to the
-- whole cluster, so several backends (e.g. parallel tests, each with its own database) may run this
-- at once: every change is guarded by a check, and the backend retries the file on a conflict.
-- The LOGIN roles' passwords are set by the backend (--role-password), not here.
-- Source: supabase/postgres migrations/db/init-scripts/00000000000000-initial-schema.sql.

do $$
begin
    if not exists (select 1 from pg_roles where rolname = 'anon') then
        create role anon nologin noinherit;
    end if;
    if not exists (select 1 from pg_roles where rolname = 'authenticated') then
        create role authenticated nologin noinherit;
    end if;
    if not exists (select 1 from pg_roles where rolname = 'service_role') then
        create role service_role nologin noinherit bypassrls;
    end if;
    -- PostgREST's connection role: can become each API role, has no rights of its own.
    if not exists (select 1 from pg_roles where rolname = 'authenticator') then
        create role authenticator login noinherit;
    end if;
    -- GoTrue's connection role: owns nothing, gets rights on schema auth in bootstrap.sql.
    if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
        create role supabase_auth_admin login noinherit;
    end if;

    if not pg_has_role('authenticator', 'anon', 'member') then
        grant anon to authenticator;
    end if;
    if not pg_has_role('authenticator', 'authenticated', 'member') then
        grant authenticated to authenticator;
    end if;
    if not pg_has_role('authenticator', 'service_role', 'member') then
        grant service_role to authenticator;
    end if;

    -- Applied per request by the backend, as PostgREST applies impersonated role settings.
    if not exists (select 1 from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
                   where r.rolname = 'anon' and s.setdatabase = 0
                     and 'statement_timeout=3s' = any (s.setconfig)) then
        alter role anon set statement_timeout = '3s';
    end if;
    if not exists (select 1 from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
                   where r.rolname = 'authenticated' and s.setdatabase = 0
                     and 'statement_timeout=8s' = any (s.setconfig)) then
        alter role authenticated set statement_timeout = '8s';
    end if;
end
$$;
