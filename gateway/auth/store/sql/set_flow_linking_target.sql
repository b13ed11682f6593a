UPDATE auth.flow_state SET linking_target_id = $2 WHERE id = $1
