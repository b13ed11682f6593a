-- Focus timer settings per device (issue 22; 000 §3 lists device_id among
-- pomodoro_settings' columns).
--
-- 0106 kept one row per user, device_id naming the device that saved last.
-- Issue 22 asks for settings per device: a phone may run shorter sessions
-- than the laptop. A row is now keyed by (user_id, device_id); '' is the
-- device of a client that sends none, so such a client still reads and
-- upserts one row (on user_id,device_id). The app reads its device's row
-- and, on a device that has none yet, the user's most recently saved one
-- (docs/decisions.md, "Focus timer: settings per device, stats on the
-- server").

ALTER TABLE public.pomodoro_settings DROP CONSTRAINT pomodoro_settings_pkey;
UPDATE public.pomodoro_settings SET device_id = '' WHERE device_id IS NULL;
ALTER TABLE public.pomodoro_settings
  ALTER COLUMN device_id SET DEFAULT '',
  ALTER COLUMN device_id SET NOT NULL,
  ADD CONSTRAINT pomodoro_settings_pkey PRIMARY KEY (user_id, device_id);
