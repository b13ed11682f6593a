-- Manual identity linking (issue 24, supabase-js linkIdentity): an OAuth
-- flow started by a signed-in user names that user, and the callback links
-- the provider's identity to them instead of signing someone in.
ALTER TABLE auth.flow_state
  ADD COLUMN linking_target_id uuid REFERENCES auth.users (id) ON DELETE CASCADE;
