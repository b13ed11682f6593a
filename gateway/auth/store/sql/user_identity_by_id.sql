-- The user's identity's provider (NULL when not theirs) and how many they have.
SELECT (SELECT provider FROM auth.identities WHERE id = $1 AND user_id = $2),
       (SELECT count(*) FROM auth.identities WHERE user_id = $2)
