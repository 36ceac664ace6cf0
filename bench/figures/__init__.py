"""One module per figure subject: ``p<N>_<topic>.py`` with ``measure(quick) -> list[Figure]``."""
