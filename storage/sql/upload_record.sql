-- One upload that passed the rate limits; its bytes are filled in later.
INSERT INTO storage.upload_events (user_id) VALUES ($1) RETURNING id
