-- Whether the API role may become role, as the REST gateway's SET ROLE
-- would allow for a JWT with that role.
SELECT CASE WHEN EXISTS (SELECT FROM pg_roles WHERE rolname = $1)
       THEN pg_has_role(current_user, $1, 'MEMBER') ELSE false END
