#!/usr/bin/env bash
# PostgreSQL's side of one token refresh: EXPLAIN (ANALYZE, BUFFERS) of the
# statement gateway/auth runs (store.RefreshGrant, the user columns pasted
# in) and, through auto_explain, the plan of every statement inside
# auth.refresh_token_grant, on a clone of the migrated test template with
# one user, session and live refresh token. The statement runs twice first
# so the plans are cached, as on a pooled connection. Triggers that fire
# would be listed under the outer plan. Usage: bench/refresh/explain.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -z "${DAYBASE_TEST_PGURL:-}" ]; then
  go build -o bin/withpg ./internal/pgtest/cmd/withpg
  exec bin/withpg -- "$0" "$@"
fi
# Any test of the package builds the migrated template in this cluster.
go test -count 1 -run '^TestRefreshRotation$' ./gateway/auth/ >/dev/null
admin=$DAYBASE_TEST_PGURL
tpl=$(psql "$admin" -Atc "SELECT datname FROM pg_database WHERE datname LIKE 'daybase_tpl%' LIMIT 1")
psql "$admin" -qc "CREATE DATABASE refresh_explain TEMPLATE $tpl"
db=$(python3 -c 'import sys, urllib.parse as u; p = u.urlparse(sys.argv[1]); print(p._replace(path="/refresh_explain").geturl())' "$admin")
strip() { grep -v '^--' "$1"; }
grant=$(strip gateway/auth/store/sql/refresh_grant.sql | python3 -c '
import sys; s = sys.stdin.read(); cols = open(sys.argv[1]).read()
cols = "\n".join(l for l in cols.splitlines() if not l.startswith("--"))
print(s.replace("{{user_columns}}", cols).replace("$3", "interval '"'"'10 seconds'"'"'"))' gateway/auth/store/sql/user_columns.sql)
run() { sed "s/\$1/'$1'/; s/\$2/'$2'/" <<<"$grant"; }
psql "$db" -q <<SQL
INSERT INTO auth.users (id, email, encrypted_password, email_confirmed_at)
VALUES ('11111111-1111-1111-1111-111111111111', 'x@example.test', 'x', now());
INSERT INTO auth.identities (provider_id, user_id, identity_data, provider)
VALUES ('11111111-1111-1111-1111-111111111111', '11111111-1111-1111-1111-111111111111',
        '{"email": "x@example.test", "sub": "11111111-1111-1111-1111-111111111111"}', 'email');
INSERT INTO auth.sessions (id, user_id) VALUES ('22222222-2222-2222-2222-222222222222', '11111111-1111-1111-1111-111111111111');
INSERT INTO auth.refresh_tokens (token, user_id, session_id)
VALUES ('t0', '11111111-1111-1111-1111-111111111111', '22222222-2222-2222-2222-222222222222');
INSERT INTO auth.mfa_amr_claims (session_id, authentication_method) VALUES ('22222222-2222-2222-2222-222222222222', 'password');
$(run t0 t1) \g /dev/null
$(run t1 t2) \g /dev/null
LOAD 'auto_explain';
SET auto_explain.log_min_duration = 0;
SET auto_explain.log_analyze = on;
SET auto_explain.log_buffers = on;
SET auto_explain.log_nested_statements = on;
SET client_min_messages = log;
EXPLAIN (ANALYZE, BUFFERS)
$(run t2 t3);
SQL
