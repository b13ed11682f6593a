{{objects}} FOR UPDATE OF t
