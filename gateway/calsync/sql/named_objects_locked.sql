{{named_objects}} FOR UPDATE OF t
