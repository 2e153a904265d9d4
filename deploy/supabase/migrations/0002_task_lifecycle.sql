-- docket 0002: tasks you can act on — done, edited and deleted anywhere, and synced both ways.
--
-- Applies on top of 0001 (which stays as it is), to a hosted project and to docket's local backend alike.
-- Running it twice is harmless.
--
-- * Every column of public.tasks except title has a default, so a row the phone app inserts with only a title
--   (and perhaps a due date) is accepted.
-- * completed_at is stamped when a task is marked done (and cleared when it is opened again) if the client
--   does not send it.
-- * Deletes are tombstones: deleting a task sets deleted_at and keeps the row, so that every other device
--   sees the deletion when it pulls changes. Deleting a tombstone removes it for good; deleting a note or an
--   account still removes its tasks.
-- * updated_at is the server's clock on insert and on every update: clients pull changes in
--   (updated_at, id) order from where they got to.
-- * The most recent change wins. A client may send, with its change, base_updated_at (the updated_at of the
--   row as it last saw it) and changed_at (when the change was made on the client). When the row has been
--   changed by someone else since that base, and after the client's change, the update is skipped: the row
--   stays as it is, is left out of the returned rows, and the client gets it on its next pull. Clients that
--   send neither (the phone app's plain PATCH) update the row as before.

-- ---------------------------------------------------------------------------------------------
-- Columns and defaults

alter table public.tasks add column if not exists completed_at timestamptz;
alter table public.tasks add column if not exists deleted_at timestamptz;
alter table public.tasks add column if not exists changed_at timestamptz;
alter table public.tasks add column if not exists base_updated_at timestamptz;

alter table public.tasks alter column id set default gen_random_uuid();
alter table public.tasks alter column time_zone set default 'UTC';

create index if not exists tasks_user_id_updated_at_id_idx on public.tasks (user_id, updated_at, id);

-- ---------------------------------------------------------------------------------------------
-- Writes: server-stamped updated_at, completion time, newest change wins

create or replace function public.docket_tasks_before_write() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    if tg_op = 'UPDATE' then
        if new.base_updated_at is distinct from old.base_updated_at and new.base_updated_at < old.updated_at
           and (new.changed_at is null or new.changed_at < old.updated_at) then
            return null;  -- changed elsewhere since the client saw it, and more recently than the client's change
        end if;
        if new.completed and not old.completed and new.completed_at is not distinct from old.completed_at then
            new.completed_at := now();
        end if;
    elsif new.completed and new.completed_at is null then
        new.completed_at := now();
    end if;
    if not new.completed then
        new.completed_at := null;
    end if;
    new.updated_at := now();
    return new;
end;
$$;

drop trigger if exists tasks_set_updated_at on public.tasks;
drop trigger if exists tasks_before_write on public.tasks;
create trigger tasks_before_write
    before insert or update on public.tasks
    for each row execute function public.docket_tasks_before_write();

-- ---------------------------------------------------------------------------------------------
-- Deletes: a tombstone first, then gone

create or replace function public.docket_tasks_before_delete() returns trigger
    language plpgsql
    set search_path = ''
as $$
begin
    -- A delete cascading from a note or an account (fired from another trigger), or of a tombstone, goes ahead.
    if pg_trigger_depth() > 1 or old.deleted_at is not null then
        return old;
    end if;
    update public.tasks set deleted_at = now() where id = old.id;
    return null;
end;
$$;

drop trigger if exists tasks_before_delete on public.tasks;
create trigger tasks_before_delete
    before delete on public.tasks
    for each row execute function public.docket_tasks_before_delete();
