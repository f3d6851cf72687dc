"""One file per schema revision, oldest first; never edit one that has been released."""
