INSERT INTO jobs.stripe_events (id, type) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING
