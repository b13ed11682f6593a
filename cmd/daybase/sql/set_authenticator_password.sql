-- Template: the password as a quoted literal (ALTER ROLE takes no bind
-- parameter).
ALTER ROLE authenticator PASSWORD %s
