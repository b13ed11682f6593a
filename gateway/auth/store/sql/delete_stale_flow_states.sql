-- Flows nobody finished; e-mail flows live as long as their links.
DELETE FROM auth.flow_state WHERE created_at < now() - $1::interval
