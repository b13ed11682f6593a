-- One mail for the dev outbox: to, subject, body, kind.
INSERT INTO auth.outbox (to_address, subject, body, kind) VALUES ($1, $2, $3, $4)
