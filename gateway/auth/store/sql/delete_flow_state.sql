DELETE FROM auth.flow_state WHERE id = $1
