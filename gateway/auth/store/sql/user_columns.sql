-- The column list scanUser reads, in its order. Identities and factors are
-- built as json, not jsonb: Go decodes them either way, and json skips
-- building, key-sorting and printing a jsonb value on every token answer.
u.id, u.aud, u.role, coalesce(u.email, ''), u.email_confirmed_at, coalesce(u.phone, ''), u.phone_confirmed_at,
u.confirmation_sent_at, u.confirmed_at, u.recovery_sent_at, coalesce(u.email_change, ''), u.email_change_sent_at,
u.reauthentication_sent_at, u.invited_at, u.last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data,
u.banned_until, u.is_anonymous, u.deleted_at, u.created_at, u.updated_at,
coalesce(u.encrypted_password, '') <> '', u.email_change_confirm_status::int,
coalesce((SELECT json_agg(json_build_object(
           'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
           'provider', i.provider, 'last_sign_in_at', i.last_sign_in_at, 'created_at', i.created_at,
           'updated_at', i.updated_at, 'email', coalesce(i.email, '')) ORDER BY i.created_at)
            FROM auth.identities i WHERE i.user_id = u.id), '[]'),
coalesce((SELECT json_agg(json_build_object(
           'id', f.id, 'friendly_name', coalesce(f.friendly_name, ''), 'factor_type', f.factor_type,
           'status', f.status, 'created_at', f.created_at, 'updated_at', f.updated_at,
           'last_challenged_at', f.last_challenged_at, 'phone', coalesce(f.phone, '')) ORDER BY f.created_at)
            FROM auth.mfa_factors f WHERE f.user_id = u.id), '[]')
