-- Stores the new sign count only if it moved forward (or the authenticator
-- keeps none), so two racing uses of one assertion cannot both win.
UPDATE auth.webauthn_credentials
   SET credential = $2, last_used_at = now(), updated_at = now()
 WHERE credential_id = $1
   AND (coalesce((credential->'authenticator'->>'signCount')::bigint, 0) < $3 OR $3 = 0)
