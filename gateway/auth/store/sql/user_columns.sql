-- The column list scanUser reads, in its order. Identities and factors are
-- json arrays built as ARRAY(...) sub-selects, not json_agg: an aggregate's
-- executor start-up costs PostgreSQL more than the rows it builds on every
-- token answer (issue 24, w/i24i). The identities are rows of a sub-select
-- whose columns carry the answer's names (row_to_json's work is less than
-- json_build_object's), and neither list has an ORDER BY: a Sort node's
-- start-up on every token answer cost more than ScanUser's sort by
-- created_at in Go (issue 24, w/i24j). Go decodes the values, so only their
-- content matters ('[]' when there are none).
u.id, u.aud, u.role, coalesce(u.email, ''), u.email_confirmed_at, coalesce(u.phone, ''), u.phone_confirmed_at,
u.confirmation_sent_at, u.confirmed_at, u.recovery_sent_at, coalesce(u.email_change, ''), u.email_change_sent_at,
u.reauthentication_sent_at, u.invited_at, u.last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data,
u.banned_until, u.is_anonymous, u.deleted_at, u.created_at, u.updated_at,
coalesce(u.encrypted_password, '') <> '', u.email_change_confirm_status::int,
array_to_json(ARRAY(SELECT i FROM (
           SELECT i.id AS identity_id, i.provider_id AS id, i.user_id, i.identity_data, i.provider,
                  i.last_sign_in_at, i.created_at, i.updated_at, coalesce(i.email, '') AS email
             FROM auth.identities i WHERE i.user_id = u.id) i)),
array_to_json(ARRAY(SELECT json_build_object(
           'id', f.id, 'friendly_name', coalesce(f.friendly_name, ''), 'factor_type', f.factor_type,
           'status', f.status, 'created_at', f.created_at, 'updated_at', f.updated_at,
           'last_challenged_at', f.last_challenged_at, 'phone', coalesce(f.phone, ''))
            FROM auth.mfa_factors f WHERE f.user_id = u.id))
