-- Profiles, the user_profiles read model, notification channels and
-- key/value preferences (000 §3, 001 §3), and the rows every new account
-- gets (000 §4: "a profile row and the three notification preference rows
-- are created with the defaults").

CREATE TABLE public.profiles (
  id                    uuid PRIMARY KEY DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  main_focus            text NOT NULL DEFAULT 'personal_organization' CHECK (length(main_focus) BETWEEN 1 AND 100),
  notifications_enabled boolean NOT NULL DEFAULT true,
  created_at            timestamptz NOT NULL DEFAULT now(),
  updated_at            timestamptz NOT NULL DEFAULT now()
);

-- The account as the settings screens show it; the app upserts it. email
-- mirrors auth.users and storage_used/storage_limit are kept by the
-- server (storage), so the triggers below ignore client values for them.
CREATE TABLE public.user_profiles (
  id                  uuid PRIMARY KEY DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  email               text,
  full_name           text CHECK (length(full_name) <= 255),
  avatar_url          text CHECK (length(avatar_url) <= 2048),
  avatar_color        text CHECK (length(avatar_color) <= 32),
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  push_notifications  boolean NOT NULL DEFAULT true,
  email_notifications boolean NOT NULL DEFAULT false,
  task_reminders      boolean NOT NULL DEFAULT true,
  compact_mode        boolean NOT NULL DEFAULT false,
  data_sharing        boolean NOT NULL DEFAULT false,
  auto_sync           boolean NOT NULL DEFAULT true,
  storage_used        bigint NOT NULL DEFAULT 0 CHECK (storage_used >= 0),
  storage_limit       bigint NOT NULL DEFAULT 16106127360 CHECK (storage_limit >= 0)
);

-- priority_threshold is on the stored priority scale of tasks (0 none ..
-- 4 urgent, docs/decisions.md).
CREATE TABLE public.user_notification_preferences (
  id                 uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id            uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  channel_type       text NOT NULL CHECK (channel_type IN ('in_app', 'browser', 'email')),
  enabled            boolean NOT NULL DEFAULT true,
  priority_threshold smallint NOT NULL DEFAULT 1 CHECK (priority_threshold BETWEEN 0 AND 4),
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, channel_type)
);

-- Key/value settings; the app upserts on (user_id, preference_key) and
-- stores JSON text (JSON.stringify of the value).
CREATE TABLE public.user_preferences (
  id               uuid PRIMARY KEY DEFAULT extensions.gen_random_uuid(),
  user_id          uuid NOT NULL DEFAULT auth.uid() REFERENCES auth.users (id) ON DELETE CASCADE,
  preference_key   text NOT NULL CONSTRAINT user_preferences_key_length CHECK (length(preference_key) BETWEEN 1 AND 200),
  preference_value text CONSTRAINT user_preferences_value_is_json CHECK (preference_value IS NULL OR private.is_json(preference_value))
                        CONSTRAINT user_preferences_value_size CHECK (octet_length(preference_value) <= 65536),
  is_deleted       boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT user_preferences_user_id_preference_key_key UNIQUE (user_id, preference_key)
);

CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.profiles
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.user_profiles
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.user_notification_preferences
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();
CREATE TRIGGER set_updated_at BEFORE UPDATE ON public.user_preferences
  FOR EACH ROW EXECUTE FUNCTION private.set_updated_at();

-- The e-mail of an account (user_profiles mirrors it).
CREATE FUNCTION private.user_email(p_user_id uuid) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT u.email FROM auth.users u WHERE u.id = p_user_id
$$;

-- The display name of an account, from the sign-up metadata (full_name, or
-- name as OAuth providers send it).
CREATE FUNCTION private.user_display_name(p_user_id uuid) RETURNS text
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT coalesce(nullif(u.raw_user_meta_data ->> 'full_name', ''), nullif(u.raw_user_meta_data ->> 'name', ''))
  FROM auth.users u WHERE u.id = p_user_id
$$;

GRANT EXECUTE ON FUNCTION private.user_email(uuid), private.user_display_name(uuid)
  TO authenticated, service_role;

-- user_profiles: e-mail and storage figures are the server's. On insert a
-- user gets the defaults; on update the previous values stay.
CREATE FUNCTION private.user_profiles_server_fields() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF NOT private.is_end_user() THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    NEW.email := private.user_email(NEW.id);
    NEW.storage_used := 0;
    NEW.storage_limit := 16106127360;
  ELSE
    NEW.id := OLD.id;
    NEW.email := OLD.email;
    NEW.storage_used := OLD.storage_used;
    NEW.storage_limit := OLD.storage_limit;
    NEW.created_at := OLD.created_at;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER server_fields BEFORE INSERT OR UPDATE ON public.user_profiles
  FOR EACH ROW EXECUTE FUNCTION private.user_profiles_server_fields();

-- New account: profile, read model and the three notification channels
-- (in_app on, browser on, email off, threshold 1), copying what sign-up
-- or the OAuth provider put in raw_user_meta_data.
CREATE FUNCTION private.create_profile_rows() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_meta jsonb := coalesce(NEW.raw_user_meta_data, '{}');
BEGIN
  INSERT INTO public.profiles (id) VALUES (NEW.id) ON CONFLICT (id) DO NOTHING;
  INSERT INTO public.user_profiles (id, email, full_name, avatar_url, avatar_color)
  VALUES (
    NEW.id,
    NEW.email,
    left(coalesce(nullif(v_meta ->> 'full_name', ''), nullif(v_meta ->> 'name', '')), 255),
    left(coalesce(nullif(v_meta ->> 'avatar_url', ''), nullif(v_meta ->> 'picture', '')), 2048),
    left(nullif(v_meta ->> 'avatar_color', ''), 32)
  )
  ON CONFLICT (id) DO NOTHING;
  INSERT INTO public.user_notification_preferences (user_id, channel_type, enabled, priority_threshold)
  VALUES (NEW.id, 'in_app', true, 1), (NEW.id, 'browser', true, 1), (NEW.id, 'email', false, 1)
  ON CONFLICT (user_id, channel_type) DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER create_profile_rows AFTER INSERT ON auth.users
  FOR EACH ROW EXECUTE FUNCTION private.create_profile_rows();

-- Account changes reach the read model: a new e-mail (after confirmation)
-- and a new full_name or avatar from "update user" (000 §7).
CREATE FUNCTION private.sync_profile_rows() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  v_name   text := left(coalesce(nullif(NEW.raw_user_meta_data ->> 'full_name', ''), nullif(NEW.raw_user_meta_data ->> 'name', '')), 255);
  v_old    text := left(coalesce(nullif(OLD.raw_user_meta_data ->> 'full_name', ''), nullif(OLD.raw_user_meta_data ->> 'name', '')), 255);
  v_avatar text := left(nullif(NEW.raw_user_meta_data ->> 'avatar_url', ''), 2048);
  v_old_av text := left(nullif(OLD.raw_user_meta_data ->> 'avatar_url', ''), 2048);
BEGIN
  IF NEW.email IS DISTINCT FROM OLD.email THEN
    UPDATE public.user_profiles SET email = NEW.email WHERE id = NEW.id;
  END IF;
  IF v_name IS DISTINCT FROM v_old AND v_name IS NOT NULL THEN
    UPDATE public.user_profiles SET full_name = v_name WHERE id = NEW.id;
  END IF;
  IF v_avatar IS DISTINCT FROM v_old_av AND v_avatar IS NOT NULL THEN
    UPDATE public.user_profiles SET avatar_url = v_avatar WHERE id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER sync_profile_rows AFTER UPDATE OF email, raw_user_meta_data ON auth.users
  FOR EACH ROW EXECUTE FUNCTION private.sync_profile_rows();

-- Row-level security: each row belongs to one account.
ALTER TABLE public.profiles ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.user_profiles ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.user_notification_preferences ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.user_preferences ENABLE ROW LEVEL SECURITY;
REVOKE TRUNCATE, REFERENCES, TRIGGER ON public.profiles, public.user_profiles,
  public.user_notification_preferences, public.user_preferences FROM anon, authenticated;
-- The account's own rows are removed with the account, never one by one.
REVOKE DELETE ON public.profiles, public.user_profiles FROM anon, authenticated;

CREATE POLICY "read own profile" ON public.profiles
  FOR SELECT TO authenticated USING (id = (SELECT auth.uid()));
CREATE POLICY "create own profile" ON public.profiles
  FOR INSERT TO authenticated WITH CHECK (id = (SELECT auth.uid()));
CREATE POLICY "update own profile" ON public.profiles
  FOR UPDATE TO authenticated USING (id = (SELECT auth.uid())) WITH CHECK (id = (SELECT auth.uid()));

CREATE POLICY "read own user profile" ON public.user_profiles
  FOR SELECT TO authenticated USING (id = (SELECT auth.uid()));
CREATE POLICY "create own user profile" ON public.user_profiles
  FOR INSERT TO authenticated WITH CHECK (id = (SELECT auth.uid()));
CREATE POLICY "update own user profile" ON public.user_profiles
  FOR UPDATE TO authenticated USING (id = (SELECT auth.uid())) WITH CHECK (id = (SELECT auth.uid()));

CREATE POLICY "own notification preferences" ON public.user_notification_preferences
  FOR ALL TO authenticated USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));

CREATE POLICY "own preferences" ON public.user_preferences
  FOR ALL TO authenticated USING (user_id = (SELECT auth.uid())) WITH CHECK (user_id = (SELECT auth.uid()));
