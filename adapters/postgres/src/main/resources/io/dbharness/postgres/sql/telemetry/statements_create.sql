-- only on the embedded server, whose library is preloaded; never on a server of the user's
CREATE EXTENSION IF NOT EXISTS pg_stat_statements
