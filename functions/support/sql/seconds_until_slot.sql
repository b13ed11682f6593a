SELECT extract(epoch FROM $1::timestamptz + interval '1 hour' - now())::float8
