-- The settings (ALTER ROLE ... [IN DATABASE ...] SET) of the roles the
-- authenticator ($1, or the current user when no such role exists) may
-- switch to. SET ROLE does not apply them, so every request applies its
-- role's settings with set_config, as PostgREST does.
--
-- Only settings the authenticator may change in a session are kept: the
-- others would make every request of the role fail.
WITH authenticator AS (
  SELECT coalesce(to_regrole($1), current_user::regrole)::oid AS oid
),
settings AS (
  SELECT
    s.setrole,
    s.setdatabase <> 0 AS database_specific,
    substr(cfg, 1, strpos(cfg, '=') - 1) AS name,
    substr(cfg, strpos(cfg, '=') + 1) AS value
  FROM pg_db_role_setting s
  CROSS JOIN LATERAL unnest(s.setconfig) AS cfg
  WHERE s.setdatabase IN (0, (SELECT oid FROM pg_database WHERE datname = current_database()))
    AND s.setrole IN (
      SELECT m.roleid FROM pg_auth_members m, authenticator a WHERE m.member = a.oid
    )
)
SELECT r.rolname::text, s.name, s.value, s.database_specific
FROM settings s
JOIN pg_roles r ON r.oid = s.setrole
JOIN pg_settings ps ON ps.name = s.name
CROSS JOIN authenticator a
WHERE ps.context = 'user' OR has_parameter_privilege(a.oid, ps.name, 'SET')
ORDER BY r.rolname, s.database_specific, s.name
