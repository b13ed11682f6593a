START_REPLICATION SLOT %s LOGICAL 0/0 (proto_version '1', publication_names '%s')
