"""Storage: the games players entered, kept in one SQLite file (tables, repository, backups)."""
